"""The dogfight's addresses from before it moved under /dogfight/: each redirects to its new
place (a seat's own page is redirected by the platform, whatever the game)."""

from django.urls import path

from games.views import moved_to

SEAT = "games/<int:game_id>/seat/<int:number>/"

urlpatterns = [
    path("rules/", moved_to("dogfight:rules")),
    path(SEAT + "preview", moved_to("dogfight:preview")),
    path(SEAT + "orders", moved_to("dogfight:submit")),
    path(SEAT + "chatter", moved_to("dogfight:chatter")),
    path("practice/", moved_to("dogfight:practice")),
    path("pilots/", moved_to("dogfight:leaderboard")),
    path("pilots/<int:pilot_id>/", moved_to("dogfight:career")),
    path("pilots/<int:pilot_id>/promote", moved_to("dogfight:promote")),
    path("pilots/<int:pilot_id>/decline", moved_to("dogfight:decline")),
]
