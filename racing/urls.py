"""The race's pages, mounted by the platform under /racing/ (namespace ``racing``)."""

from django.urls import path

from . import rules_page, views

SEAT = "games/<int:game_id>/seat/<int:number>/"

urlpatterns = [
    path("rules/", rules_page.rules, name="rules"),
    path(SEAT, views.seat_page, name="seat"),
    path(SEAT + "preview", views.preview, name="preview"),
    path(SEAT + "turn", views.submit, name="submit"),
    path(SEAT + "draft", views.draft, name="draft"),
]
