"""The titles the site made up for practice games, stored until now as words in the language
of the person they were made for, become codes with their parameters (``games.titles``),
worded when shown. A title is recognised as each game's ``made_titles`` words it, in every
language of the site, for its referee's name."""

import json

from django.conf import settings
from django.db import migrations
from django.utils import translation

import games.titles

MARK = "\u2060"  # games.titles.MARK


def _worded(template, username: str) -> set[str]:
    forms = set()
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            forms.add(str(template) % {"username": username})
    return forms


def code_made_up_titles(apps, schema_editor):
    from games import registry  # each game's made-up titles, as the game words them

    Game = apps.get_model("games", "Game")
    for rules in registry.all_games():
        if not rules.made_titles:
            continue
        for game in Game.objects.filter(kind=rules.slug).select_related("referee"):
            username = game.referee.username
            for code, template in rules.made_titles.items():
                if game.title in _worded(template, username):
                    stored = {"code": code, "kind": rules.slug, "username": username}
                    game.title = MARK + json.dumps(stored, sort_keys=True)
                    game.save(update_fields=["title"])
                    break


class Migration(migrations.Migration):
    dependencies = [("games", "0012_computer_seats_named_when_shown")]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="title",
            field=games.titles.TitleField(max_length=80),
        ),
        migrations.RunPython(code_made_up_titles, migrations.RunPython.noop),
    ]
