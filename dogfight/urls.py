from django.urls import path

from . import views

app_name = "dogfight"

urlpatterns = [
    path("games/<int:game_id>/seat/<int:number>/", views.pilot_page, name="pilot"),
    path("games/<int:game_id>/seat/<int:number>/preview", views.preview, name="preview"),
    path("games/<int:game_id>/seat/<int:number>/orders", views.submit_orders, name="orders"),
    path("games/<int:game_id>/seat/<int:number>/chatter", views.save_chatter, name="chatter"),
]
