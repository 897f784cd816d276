from games import registry


class RacingConfig(registry.GameApp):  # registry.GameApp, so that apps.py holds one AppConfig
    name = "racing"
    rules = "racing.plugin.RULES"
