from games import registry


class DuelConfig(registry.GameApp):  # registry.GameApp, so that apps.py holds one AppConfig
    name = "duel"
    rules = "duel.plugin.RULES"
