from django.urls import path

from . import career_views, rules_page, views

app_name = "dogfight"

urlpatterns = [
    path("rules/", rules_page.rules, name="rules"),
    path("games/<int:game_id>/seat/<int:number>/", views.pilot_page, name="pilot"),
    path("games/<int:game_id>/seat/<int:number>/preview", views.preview, name="preview"),
    path("games/<int:game_id>/seat/<int:number>/orders", views.submit_orders, name="orders"),
    path("games/<int:game_id>/seat/<int:number>/chatter", views.save_chatter, name="chatter"),
    path("practice/", views.practice, name="practice"),
    path("pilots/", career_views.leaderboard, name="leaderboard"),
    path("pilots/<int:pilot_id>/", career_views.career_page, name="career"),
    path("pilots/<int:pilot_id>/promote", career_views.promote, name="promote"),
    path("pilots/<int:pilot_id>/decline", career_views.decline, name="decline"),
]
