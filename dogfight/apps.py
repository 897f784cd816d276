from django.apps import AppConfig


class DogfightConfig(AppConfig):
    name = "dogfight"
