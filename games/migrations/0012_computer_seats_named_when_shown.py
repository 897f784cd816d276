"""A computer's seat is named when it is shown ("Computer pilot 2", in the reader's language):
the names that were stored in the language of the referee who started the game go."""

from django.db import migrations

# The stored forms of "Computer pilot %(number)d", in every language the site has spoken.
MADE_UP = r"^(Computer pilot|Computerpilot) [0-9]+$"


def forget_made_up_names(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    Seat.objects.filter(computer=True, name__regex=MADE_UP).update(name="")


class Migration(migrations.Migration):
    dependencies = [("games", "0011_notices_and_confirmed_addresses")]

    operations = [migrations.RunPython(forget_made_up_names, migrations.RunPython.noop)]
