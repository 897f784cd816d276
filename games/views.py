"""The platform's pages: home, health, accounts, my games, the lobby, creating a game and the
referee's panel. Thin: they read through selectors, write through services, and show a
service's ``Rejected`` message as it is. What differs between games (their forms, templates
and pages) comes from each game's ``GameRules`` through the registry.
"""

from __future__ import annotations

from functools import cache as cache_once
from functools import wraps
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import i18n
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from . import addresses, health, limits, registry, selectors, services, tokens
from .forms import (
    ConfirmForm,
    LobbyFilterForm,
    ProfileForm,
    RemovalForm,
    ReplaceComputerForm,
    SeatForm,
    SignupForm,
    TokenForm,
)
from .kept import cache
from .models import Game
from .registry import Rejected

HOME_GAMES = 8  # a player's games on the home page ("My games" lists them all)


@require_safe
def home(request):
    """Signed in: the person's games, those waiting on him first, then every kind of game;
    signed out: every kind of game, each with a practice game one click away."""
    entries = []
    if request.user.is_authenticated:
        entries = [
            entry
            for entry in selectors.my_games(request.user)
            if entry.game.status != Game.Status.FINISHED
        ]
    return render(
        request,
        "home.html",
        {
            "kinds": [(rules, rules.template("_home")) for rules in registry.all_games()],
            "entries": entries[:HOME_GAMES],
            "more_entries": len(entries) > HOME_GAMES,
        },
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
@limits.limit(
    "practice_games_per_person",
    limits.per_person,
    gettext_lazy("You have started many practice games in a short time."),
)
def practice(request, kind):
    """A practice game against computer players, started (POST), and on to the person's seat
    in it. A GET (the way back from logging in) offers the one button."""
    rules = _rules_of(kind)
    if not rules.offers_practice:
        raise Http404("this game offers no practice game")
    if request.method != "POST":
        return render(
            request, "games/practice.html", {"rules": rules, "home": rules.template("_home")}
        )
    game = rules.practice_create(request.user)
    if game is None:  # the game declined, as the plug allows
        raise Http404("this game offers no practice game")
    seat = game.seats.get(user=request.user)
    return redirect(rules.seat_url(game.pk, seat.number))


@never_cache
@require_safe
def healthz(request):
    down = health.services_down()
    if down:
        return HttpResponse(
            " ".join(f"{name} unreachable" for name in down) + "\n",
            status=503,
            content_type="text/plain",
        )
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def favicon(request):
    """Browsers ask for /favicon.ico whatever a page links: the site's icon, kept a day."""
    response = HttpResponse(_favicon(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_safe
def manifest(request):
    """The web app manifest: the site on a phone's home screen, in the reader's language."""
    icon = "icons/icon-{}.png"
    response = JsonResponse(
        {
            "name": "Skies",
            "short_name": "Skies",
            "description": _("Four games of flight and wits, played by web."),
            "lang": translation.get_language(),
            "start_url": reverse("home"),
            "scope": reverse("home"),
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#1f5f99",
            "icons": [
                {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
                {"src": static(icon.format(192)), "sizes": "192x192", "type": "image/png"},
                {"src": static(icon.format(512)), "sizes": "512x512", "type": "image/png"},
                {
                    "src": static("icons/icon-maskable-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
            ],
        },
        content_type="application/manifest+json",
    )
    response["Cache-Control"] = "public, max-age=86400"
    return response


@cache_once
def _favicon() -> bytes:
    path = finders.find("favicon.ico")
    if not isinstance(path, str):
        raise ImproperlyConfigured("static/favicon.ico is missing")
    with open(path, "rb") as icon:
        return icon.read()


def _rules_of(kind: str) -> registry.GameRules:
    try:
        return registry.get(kind)
    except Rejected:
        raise Http404("no such game") from None


# --- accounts -------------------------------------------------------------------------------


class PasswordReset(auth_views.PasswordResetView):
    """Django's reset view whose mail links to the configured site (``SITE_URL``), never to
    the request's ``Host``: a forged host (or port) in the request cannot point the mail's
    link elsewhere."""

    @property
    def extra_email_context(self) -> dict:  # type: ignore[override]
        site = urlsplit(settings.SITE_URL)
        return {"protocol": site.scheme, "domain": site.netloc + site.path}


@require_http_methods(["GET", "HEAD", "POST"])
@limits.limit(
    "signups_per_address",
    limits.per_address,
    gettext_lazy("Too many new accounts from your address."),
)
def signup(request):
    if request.user.is_authenticated:
        return redirect("my_games")
    form = SignupForm(request.POST or None, language=translation.get_language())
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)  # the one configured backend
        addresses.send_confirmation(user)
        messages.success(request, _("Welcome aboard, %(name)s.") % {"name": user.username})
        return redirect(_next_page(request) or "my_games")
    return render(request, "registration/signup.html", {"form": form, "next": _next_page(request)})


def _next_page(request) -> str | None:
    """Where the person was going before signing up (a practice game's one button, say), if
    it is a page of this site, as the login view allows it."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


@never_cache
@require_safe
def confirm_email(request, token):
    """The link of a confirmation mail: the address it was sent to is confirmed (no login
    needed: the signed link is the proof that its owner reads it)."""
    user = addresses.confirm(token)
    return render(
        request,
        "registration/email_confirmed.html",
        {"confirmed": user, "days": addresses.CONFIRM_DAYS},
        status=200 if user else 400,
    )


@login_required
@require_POST
@limits.limit(
    "confirmations_per_person",
    limits.per_person,
    gettext_lazy("Several confirmation mails are on their way already."),
)
def confirm_email_again(request):
    if addresses.send_confirmation(request.user):
        messages.success(
            request,
            _("A confirmation link is on its way to %(email)s.") % {"email": request.user.email},
        )
    return redirect(reverse("my_games") + "#settings")


@never_cache
@csrf_exempt  # the signed token is the proof; mail programs post it without a page (RFC 8058)
@require_http_methods(["GET", "HEAD", "POST"])
def mail_off(request, token):
    """A game mail's "no more game mail" link, without a login: the page asks for one click;
    a POST (that click, or a mail program's own "unsubscribe", RFC 8058) turns it all off.
    A GET changes nothing: mail scanners open every link of a mail."""
    user = addresses.person_of_mail_off(token)
    if user is None:
        return render(request, "games/mail_off.html", {"known": False}, status=400)
    if request.method == "POST":
        addresses.mail_off(user)
    return render(request, "games/mail_off.html", {"known": True, "done": request.method == "POST"})


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def my_games(request):
    profile = selectors.profile_of(request.user)
    form = ProfileForm(request.POST or None, instance=profile)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, _("Your settings are saved."))
            return redirect("my_games")
        messages.error(request, _("Your settings were not saved: see below."))
    return render(
        request,
        "games/my_games.html",
        {
            "entries": selectors.my_games(request.user),
            "form": form,
            "profile": profile,
            "confirmed": bool(request.user.email) and profile.confirmed_email == request.user.email,
            "mail_cap": settings.GAME_MAILS_PER_DAY,
        },
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def api_tokens(request):
    """The person's API tokens: make one (its secret shown this once), or revoke one."""
    form = TokenForm(request.POST if request.POST.get("do") == "create" else None)
    secret = None
    if request.method == "POST":
        try:
            if request.POST.get("do") == "revoke":
                tokens.token_revoke(
                    user=request.user, token_id=_int_or_none(request.POST.get("token"))
                )
                messages.success(request, _("The token is revoked: it no longer works."))
                return redirect("api_tokens")
            if form.is_valid():
                _made, secret = tokens.token_create(
                    user=request.user, name=form.cleaned_data["name"]
                )
                form = TokenForm()
        except Rejected as error:
            messages.error(request, _("Not done: %(reason)s.") % {"reason": error})
    response = render(
        request,
        "games/api_tokens.html",
        {"form": form, "secret": secret, "tokens": tokens.tokens_of(request.user)},
    )
    response["Cache-Control"] = "no-store"  # the one page that shows a secret
    return response


def _int_or_none(text: str | None) -> int | None:
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 18 else None


# --- the lobby ------------------------------------------------------------------------------


@require_safe
def lobby(request):
    kinds = registry.all_games()
    form = LobbyFilterForm(request.GET, kinds=kinds)
    filters = selectors.LobbyFilters(**form.filters())
    return render(
        request,
        "games/lobby.html",
        {"lists": _lobby_lists(request, filters), "kinds": kinds, "form": form, "filters": filters},
    )


LOBBY_CACHE_SECONDS = 15


def _lobby_lists(request, filters: selectors.LobbyFilters) -> str:
    """The lists of games, a page of each. Spectators all see the same first pages, so
    theirs are rendered at most every few seconds (deadline countdowns are brought up to date
    in the browser); further pages are rendered as asked."""

    def render_lists(user) -> str:
        return render_to_string(
            "games/_lobby_lists.html",
            {"lobby": selectors.lobby(user, request, filters)},
            request=request,
        )

    if request.user.is_authenticated or request.GET:
        return mark_safe(render_lists(request.user))
    key = f"lobby:spectators:{translation.get_language()}"
    html = cache.get(key)
    if html is None:
        html = render_lists(None)
        cache.set(key, html, LOBBY_CACHE_SECONDS)
    return mark_safe(html)


@login_required
@require_POST
def seat_join(request, game_id, number):
    game = get_object_or_404(Game, pk=game_id)
    try:
        seat = services.seat_join(game=game, number=number, user=request.user)
    except Rejected as error:
        messages.error(request, _("You could not join: %(error)s.") % {"error": error})
        return redirect("lobby")
    messages.success(
        request,
        _("You have seat %(number)d in %(title)s.")
        % {"number": seat.shown_number, "title": game.title},
    )
    return redirect("game", game.pk)


@require_safe
def seat_page(request, game_id, number):
    """A seat's page at the platform's address, whatever the game: on to the game's own."""
    game = get_object_or_404(Game.objects.only("kind"), pk=game_id)
    return redirect(game.rules.seat_url(game_id, number))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
@limits.limit(
    "games_per_person",
    limits.per_person,
    gettext_lazy("You have created many games in a short time."),
)
def game_new(request, kind):
    rules = _rules_of(kind)
    form = rules.settings_form_class()(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(referee=request.user, kind=rules.slug, **form.game_kwargs())
        except Rejected as error:
            messages.error(request, _("The game was not created: %(error)s.") % {"error": error})
        else:
            messages.success(request, _("%(title)s is open for pilots.") % {"title": game.title})
            return redirect("referee_panel", game.pk)
    return render(request, "games/game_new.html", {"form": form, "rules": rules})


# --- the referee ----------------------------------------------------------------------------


def referee_only(view):
    """Log in first; then only the game's referee (or staff) gets past: others get 403."""

    @login_required
    @wraps(view)
    def wrapper(request, game_id, *args, **kwargs):
        game = get_object_or_404(Game, pk=game_id)
        if not selectors.can_referee(request.user, game):
            raise PermissionDenied("only the game's referee may do that")
        return view(request, game, *args, **kwargs)

    return wrapper


@require_safe
@referee_only
def referee_panel(request, game):
    panel = selectors.referee_panel(game.pk)
    offered = panel.round and game.rules.offers_referee_input(game.settings)
    input_form = game.rules.referee_input_form_class() if offered else None
    return render(
        request,
        "games/referee.html",
        {
            "panel": panel,
            "game": panel.game,
            "settings": game.rules.describe_settings(panel.game),
            "input_form": input_form.for_round(panel.round.referee_input) if input_form else None,
            "input_now": input_form.describe(panel.round.referee_input) if input_form else None,
            "replace_form": ReplaceComputerForm(),
        },
    )


def _act(request, game, action, done: str):
    """Run a service, tell the referee how it went, and go back to the panel."""
    try:
        action()
    except Rejected as error:
        messages.error(request, _("Not done: %(error)s.") % {"error": error})
    else:
        messages.success(request, done)
    return redirect("referee_panel", game.pk)


def _form_failed(request, game, form):
    problems = "; ".join(str(e) for errors in form.errors.values() for e in errors)
    messages.error(request, _("Not done: %(problems)s") % {"problems": problems})
    return redirect("referee_panel", game.pk)


@require_POST
@referee_only
def referee_rated(request, game):
    rated = request.POST.get("rated") == "1"
    return _act(
        request,
        game,
        lambda: services.referee_set_rated(game=game, by=request.user, rated=rated),
        _("The game is rated.") if rated else _("The game is not rated."),
    )


@require_POST
@referee_only
def referee_start(request, game):
    return _act(
        request,
        game,
        lambda: services.game_start(game=game, by=request.user),
        _("The game has started: round 1 is open for orders."),
    )


@require_POST
@referee_only
def referee_input(request, game):
    input_form = game.rules.referee_input_form_class()
    if input_form is None:
        raise Http404("the referee fixes nothing in this game")
    form = input_form(request.POST)
    if not form.is_valid():
        return _form_failed(request, game, form)
    data = form.referee_data()
    return _act(
        request,
        game,
        lambda: services.referee_set_input(game=game, by=request.user, data=data),
        _("Saved for the coming round."),
    )


@require_POST
@referee_only
def referee_remove(request, game):
    form = RemovalForm(request.POST)
    if not form.is_valid():
        return _form_failed(request, game, form)
    number = form.cleaned_data["number"]
    return _act(
        request,
        game,
        lambda: services.referee_remove(game=game, by=request.user, number=number),
        _(
            "Seat %(number)d will be taken out at the start of the coming round. You "
            "can undo it until the round is resolved."
        )
        % {"number": number + 1},
    )


@require_POST
@referee_only
def referee_undo_remove(request, game):
    form = SeatForm(request.POST)
    if not form.is_valid():
        return _form_failed(request, game, form)
    number = form.cleaned_data["number"]
    return _act(
        request,
        game,
        lambda: services.referee_undo_remove(game=game, by=request.user, number=number),
        _("Seat %(number)d stays in the game.") % {"number": number + 1},
    )


@require_POST
@referee_only
def referee_resolve_now(request, game):
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return _form_failed(request, game, form)
    return _act(
        request,
        game,
        lambda: services.referee_resolve_now(game=game, by=request.user),
        _("The round is resolved and published."),
    )


@require_POST
@referee_only
def referee_replace(request, game):
    form = ReplaceComputerForm(request.POST)
    if not form.is_valid():
        return _form_failed(request, game, form)
    number, user = form.cleaned_data["number"], form.cleaned_data["username"]
    return _act(
        request,
        game,
        lambda: services.referee_replace_computer(
            game=game, by=request.user, number=number, user=user
        ),
        _("Seat %(number)d now belongs to %(name)s.")
        % {"number": number + 1, "name": user.username},
    )


@require_POST
@referee_only
def referee_retry(request, game):
    return _act(
        request,
        game,
        lambda: services.referee_retry(game=game, by=request.user),
        _("The round is queued again: the next sweep resolves it."),
    )


@csrf_exempt
@require_POST
def set_language(request):
    """Django's ``set_language``: the language's cookie, which outlasts the session. Without a
    session it only sets that cookie, so it needs no CSRF token: the published rounds' pages
    that readers without a session get are cached whole, with no token in them."""
    if request.user.is_authenticated:
        return _set_own_language(request)
    return i18n.set_language(request)


@csrf_protect
def _set_own_language(request):
    """A logged-in person's choice is also saved on his profile: it wins over the cookie
    wherever he logs in, and his mail goes out in it."""
    response = i18n.set_language(request)
    language = request.POST.get("language", "")
    if language in dict(settings.LANGUAGES):
        profile = selectors.profile_of(request.user)
        profile.language = language
        profile.save()
    return response


def moved_to(pattern_name: str):
    """A view for an address that moved to ``pattern_name`` (with the same URL arguments): a
    permanent redirect that keeps the method, the body and the query string (308), so an
    old bookmark, link or open form still arrives."""

    def moved(request, **kwargs):
        target = reverse(pattern_name, kwargs=kwargs)
        if request.META.get("QUERY_STRING"):
            target += "?" + request.META["QUERY_STRING"]
        return redirect(target, permanent=True, preserve_request=True)

    return moved
