"""System checks of the plug: every registered game brings what its ``GameRules`` declares.

Registered in ``GamesConfig.ready``; ``manage.py check`` and every server's start run them, so
a game that names a form, a template or a URL that is not there, leaves a required method of
``GameRules`` unwritten, has no slug or name, or takes another game's slug, stops the site with
a message saying which, instead of a 500 on the first page that needs it.
"""

from __future__ import annotations

from collections.abc import Iterator

from django import forms
from django.apps import apps
from django.core.checks import Error
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import NoReverseMatch
from django.utils.module_loading import import_string

from . import registry
from .forms import GameSettingsForm, RefereeInputForm

# One id for each required method of ``GameRules`` a game can leave unwritten.
MISSING_METHOD_IDS = {
    "seat_numbers": "games.E006",
    "clean_settings": "games.E007",
    "setup": "games.E008",
    "active_seats": "games.E009",
    "validate_orders": "games.E010",
    "computer_orders": "games.E011",
    "resolve": "games.E012",
    "describe_events": "games.E013",
    "page_context": "games.E014",
    "report_context": "games.E015",
    "legal_choices": "games.E016",
    "preview_orders": "games.E017",
    "replay_frames": "games.E018",
}
NO_SLUG, NO_NAME, SLUG_TAKEN = "games.E019", "games.E020", "games.E021"

Problem = tuple[str, str, str]  # (id, what is wrong, hint)


def check_games(app_configs=None, **kwargs) -> list[Error]:
    games = [app.game_rules for app in apps.get_app_configs() if isinstance(app, registry.GameApp)]
    errors = _slug_errors(games)
    for rules in games:
        errors += _check_game(rules)
    return errors


def _check_game(rules: registry.GameRules) -> list[Error]:
    problems = [
        *_declared_problems(rules),
        *_method_problems(rules),
        *_form_problems(rules),
        *_template_problems(rules),
        *_url_problems(rules),
    ]
    return [
        Error(f"The game {rules.slug!r}: {text}", hint=hint, obj=type(rules), id=code)
        for code, text, hint in problems
    ]


def _slug_errors(games: list[registry.GameRules]) -> list[Error]:
    """A slug two games declare: the registry would keep one and hide the other."""
    seen: dict[str, registry.GameRules] = {}
    errors = []
    for rules in games:
        first = seen.setdefault(rules.slug, rules)
        if first is not rules and rules.slug:
            errors.append(
                Error(
                    f"The games {type(first).__name__} and {type(rules).__name__} both have "
                    f"the slug {rules.slug!r}.",
                    hint="Each game's slug is its folder's name: one per game.",
                    obj=type(rules),
                    id=SLUG_TAKEN,
                )
            )
    return errors


def _declared_problems(rules: registry.GameRules) -> Iterator[Problem]:
    if not rules.slug.isidentifier():
        yield (
            NO_SLUG,
            "its slug is not a name (it is empty or holds other than letters, digits and _).",
            "Set GameRules.slug to the game's folder name.",
        )
    if not str(rules.name).strip():
        yield (NO_NAME, "it has no name.", "Set GameRules.name, through gettext_lazy.")


def _method_problems(rules: registry.GameRules) -> Iterator[Problem]:
    for method in registry.missing_methods(rules):
        yield (
            MISSING_METHOD_IDS[method],
            f"its rules leave {method}() unwritten.",
            f"Write {type(rules).__name__}.{method}(); see docs/adding-a-game.md.",
        )


def _form_problems(rules: registry.GameRules) -> Iterator[Problem]:
    declared: list[tuple[str, str, type[forms.Form]]] = [
        ("settings_form", rules.settings_form, GameSettingsForm)
    ]
    if rules.referee_input_form is not None:
        declared.append(("referee_input_form", rules.referee_input_form, RefereeInputForm))
    for attribute, path, base in declared:
        try:
            form = import_string(path)
        except ImportError as error:
            yield (
                "games.E001",
                f"its {attribute} {path!r} cannot be imported ({error}).",
                f"Point {attribute} at a {base.__name__} subclass.",
            )
            continue
        if not (isinstance(form, type) and issubclass(form, base) and issubclass(form, forms.Form)):
            yield (
                "games.E002",
                f"its {attribute} {path!r} is not a {base.__name__}.",
                f"Derive it from games.forms.{base.__name__}.",
            )


def _template_problems(rules: registry.GameRules) -> Iterator[Problem]:
    for part in registry.TEMPLATE_PARTS:
        name = rules.template(part)
        try:
            get_template(name)
        except TemplateDoesNotExist:
            yield (
                "games.E003",
                f"its {part!r} template {name!r} does not exist.",
                f"Add templates/{name}, or name another in GameRules.templates.",
            )


def _url_problems(rules: registry.GameRules) -> Iterator[Problem]:
    try:
        import_string(f"{rules.urls}.urlpatterns")
    except ImportError as error:
        yield (
            "games.E004",
            f"its URL module {rules.urls!r} cannot be imported ({error}).",
            "Point GameRules.urls at a module with urlpatterns.",
        )
        return
    links = [
        ("seat page", lambda: rules.seat_url(1, 0)),
        ("rules page", rules.rules_url),
        ("header links", rules.nav_links),
    ]
    for what, resolve in links:
        try:
            resolve()
        except NoReverseMatch as error:
            yield (
                "games.E005",
                f"its {what} has no URL ({error}).",
                f"Name it in {rules.urls} (the platform mounts it as {rules.slug}:...).",
            )
