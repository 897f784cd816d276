"""Joyride's pages, mounted by the platform under /joyride/ (namespace ``joyride``)."""

from django.urls import path

from . import rules_page, views

SEAT = "games/<int:game_id>/seat/<int:number>/"

urlpatterns = [
    path("rules/", rules_page.rules, name="rules"),
    path("solo/", views.solo, name="solo"),
    path(SEAT, views.seat_page, name="seat"),
    path(SEAT + "build", views.build, name="build"),
    path(SEAT + "check", views.check_plan, name="check"),
    path(SEAT + "seal", views.submit, name="submit"),
    path(SEAT + "pick", views.pick, name="pick"),
]
