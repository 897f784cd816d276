from games import registry


class DogfightConfig(registry.GameApp):  # registry.GameApp, so that apps.py holds one AppConfig
    name = "dogfight"
    rules = "dogfight.plugin.RULES"
