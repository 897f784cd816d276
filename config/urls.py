from django.contrib import admin
from django.urls import include, path

from games.api.app import api
from games.urls import game_patterns

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", api.urls),
    path("", include("games.urls")),
    *game_patterns(),
]
