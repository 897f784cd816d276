"""The dogfight's pages, mounted by the platform under /dogfight/ (namespace ``dogfight``)."""

from django.urls import path

from . import career_views, rules_page, views

SEAT = "games/<int:game_id>/seat/<int:number>/"

urlpatterns = [
    path("rules/", rules_page.rules, name="rules"),
    path(SEAT, views.seat_page, name="seat"),
    path(SEAT + "preview", views.preview, name="preview"),
    path(SEAT + "orders", views.submit, name="submit"),
    path(SEAT + "chatter", views.save_chatter, name="chatter"),
    path("practice/", views.practice, name="practice"),
    path("pilots/", career_views.leaderboard, name="leaderboard"),
    path("pilots/<int:pilot_id>/", career_views.career_page, name="career"),
    path("pilots/<int:pilot_id>/promote", career_views.promote, name="promote"),
    path("pilots/<int:pilot_id>/decline", career_views.decline, name="decline"),
]
