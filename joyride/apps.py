from games import registry


class JoyrideConfig(registry.GameApp):  # registry.GameApp, so that apps.py holds one AppConfig
    name = "joyride"
    rules = "joyride.plugin.RULES"
