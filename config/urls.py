from django.contrib import admin
from django.urls import include, path

from games.urls import game_patterns

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("games.urls")),
    *game_patterns(),
]
