from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.http import require_safe

from . import limits, live_views, picture_views, public_views, rating_views, registry, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("language/", views.set_language, name="set_language"),
    # Accounts, the person's own page, the lobby, new games and the referee's panel.
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", limits.login_guard(auth_views.LoginView.as_view()), name="login"),
    path(
        "accounts/password_reset/",
        limits.reset_guard(views.PasswordReset.as_view()),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("accounts/confirm/", views.confirm_email_again, name="confirm_email_again"),
    path("accounts/confirm/<str:token>/", views.confirm_email, name="confirm_email"),
    path("mail/off/<str:token>/", views.mail_off, name="mail_off"),
    path("me/", views.my_games, name="my_games"),
    path("me/tokens/", views.api_tokens, name="api_tokens"),
    path("games/", views.lobby, name="lobby"),
    path("people/<str:username>/", rating_views.person_page, name="person"),
    path("ratings/", rating_views.leaderboards, name="leaderboards"),
    path("ratings/<slug:kind>/", rating_views.leaderboard, name="leaderboard"),
    path("games/new/<slug:kind>/", views.game_new, name="game_new"),
    path("games/practice/<slug:kind>/", views.practice, name="practice"),
    path("games/<int:game_id>/join/<int:number>/", views.seat_join, name="seat_join"),
    path("games/<int:game_id>/referee/", views.referee_panel, name="referee_panel"),
    path("games/<int:game_id>/referee/start/", views.referee_start, name="referee_start"),
    path("games/<int:game_id>/referee/rated/", views.referee_rated, name="referee_rated"),
    path("games/<int:game_id>/referee/input/", views.referee_input, name="referee_input"),
    path("games/<int:game_id>/referee/remove/", views.referee_remove, name="referee_remove"),
    path(
        "games/<int:game_id>/referee/remove/undo/",
        views.referee_undo_remove,
        name="referee_undo_remove",
    ),
    path(
        "games/<int:game_id>/referee/resolve/",
        views.referee_resolve_now,
        name="referee_resolve_now",
    ),
    path("games/<int:game_id>/referee/replace/", views.referee_replace, name="referee_replace"),
    path("games/<int:game_id>/referee/retry/", views.referee_retry, name="referee_retry"),
    # Public pages: anyone may read a game, its published rounds and their feed.
    path("games/<int:game_id>/", public_views.game_page, name="game"),
    path("games/<int:game_id>/seat/<int:number>/", views.seat_page, name="seat"),
    path("games/<int:game_id>/live", live_views.live_check, name="live"),
    path(
        "games/<int:game_id>/rounds/<int:number>/", public_views.round_report, name="round_report"
    ),
    path("games/<int:game_id>/replay/", public_views.replay_page, name="replay"),
    path("games/<int:game_id>/replay/<int:step>/", public_views.replay_board, name="replay_board"),
    path("games/<int:game_id>/feed.atom", require_safe(public_views.GameFeed()), name="game_feed"),
    # The boards as pictures: a game's position, each kind's sample position.
    *[
        route
        for extension in picture_views.CONTENT_TYPES
        for route in (
            path(
                f"games/<int:game_id>/picture.{extension}",
                picture_views.game_picture,
                {"extension": extension},
                name=picture_views.route_name("game_picture", extension),
            ),
            path(
                f"games/kinds/<slug:kind>/picture.{extension}",
                picture_views.kind_picture,
                {"extension": extension},
                name=picture_views.route_name("kind_picture", extension),
            ),
        )
    ],
]


def game_patterns() -> list:
    """Every registered game's URLs, mounted under ``/<slug>/`` in the namespace ``<slug>``,
    and its old addresses (``legacy_urls``) at the site's root."""
    patterns = []
    for rules in registry.all_games():
        patterns.append(path(f"{rules.slug}/", include((rules.urls, rules.slug))))
        if rules.legacy_urls:
            patterns.append(path("", include(rules.legacy_urls)))
    return patterns
