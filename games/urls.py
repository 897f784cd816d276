from django.urls import path

from . import public_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    # Public pages: anyone may read a game, its published rounds and their feed.
    path("games/<int:game_id>/", public_views.game_page, name="game"),
    path("games/<int:game_id>/rounds/<int:number>/", public_views.round_report,
         name="round_report"),
    path("games/<int:game_id>/feed.atom", public_views.GameFeed(), name="game_feed"),
]
