from django.apps import AppConfig


class JoyrideConfig(AppConfig):
    name = "joyride"
