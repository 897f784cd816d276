"""System checks of the plug: every registered game brings what its ``GameRules`` declares.

Registered in ``GamesConfig.ready``; ``manage.py check`` and every server's start run them, so
a game that names a form, a template or a URL that is not there stops the site with a message
saying which, instead of a 500 on the first page that needs it.
"""

from __future__ import annotations

from django import forms
from django.core.checks import Error
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import NoReverseMatch
from django.utils.module_loading import import_string

from . import registry
from .forms import GameSettingsForm, RefereeInputForm


def check_games(app_configs=None, **kwargs) -> list[Error]:
    errors = []
    for rules in registry.all_games():
        errors += _check_game(rules)
    return errors


def _check_game(rules: registry.GameRules) -> list[Error]:
    problems = [*_form_problems(rules), *_template_problems(rules), *_url_problems(rules)]
    return [
        Error(f"The game {rules.slug!r}: {text}", hint=hint, obj=type(rules), id=code)
        for code, text, hint in problems
    ]


def _form_problems(rules: registry.GameRules):
    declared = [("settings_form", rules.settings_form, GameSettingsForm)]
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


def _template_problems(rules: registry.GameRules):
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


def _url_problems(rules: registry.GameRules):
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
