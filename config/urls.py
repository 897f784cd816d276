from django.contrib import admin
from django.urls import include, path

from games.api.app import api
from games.limits import login_guard
from games.urls import game_patterns

urlpatterns = [
    path("admin/login/", login_guard(admin.site.login)),  # the admin's own, its failures counted
    path("admin/", admin.site.urls),
    path("api/v1/", api.urls),
    path("", include("games.urls")),
    *game_patterns(),
]
