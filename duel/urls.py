from django.urls import path

from . import views

app_name = "duel"

urlpatterns = [
    path("games/<int:game_id>/seat/<int:number>/", views.pilot_page, name="pilot"),
    path("games/<int:game_id>/seat/<int:number>/preview", views.preview_view, name="preview"),
    path("games/<int:game_id>/seat/<int:number>/act", views.act_view, name="act"),
    path("games/<int:game_id>/seat/<int:number>/resign", views.resign_view, name="resign"),
    path("games/<int:game_id>/seat/<int:number>/draw", views.draw_view, name="draw"),
]
