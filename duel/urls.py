"""The duel's pages, mounted by the platform under /duel/ (namespace ``duel``)."""

from django.urls import path

from . import rules_page, views

SEAT = "games/<int:game_id>/seat/<int:number>/"

urlpatterns = [
    path("rules/", rules_page.rules, name="rules"),
    path(SEAT, views.seat_page, name="seat"),
    path(SEAT + "preview", views.preview, name="preview"),
    path(SEAT + "act", views.submit, name="submit"),
    path(SEAT + "resign", views.resign, name="resign"),
    path(SEAT + "draw", views.draw, name="draw"),
]
