"""Game mail by choice and only to confirmed addresses: a person's ``notices`` (every report,
only his turn, a daily digest, none) replaces the ``mail_reports`` switch (off becomes none);
the address he confirmed and when his last digest went; Delivery's new kinds and the index the
cap on a person's mail counts by. No address is confirmed yet: each waits for its owner."""

from django.conf import settings
from django.db import migrations, models


def reports_off_to_no_notices(apps, schema_editor):
    Profile = apps.get_model("games", "Profile")
    Profile.objects.filter(mail_reports=False).update(notices="none")


def no_notices_to_reports_off(apps, schema_editor):
    Profile = apps.get_model("games", "Profile")
    Profile.objects.filter(notices="none").update(mail_reports=False)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_rated_games_and_ratings"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="notices",
            field=models.CharField(
                choices=[
                    ("every", "Every report, and when it is my turn"),
                    ("turn", "Only when it is my turn, and a game's start and end"),
                    ("digest", "A daily digest"),
                    ("none", "None"),
                ],
                default="every",
                max_length=8,
            ),
        ),
        migrations.RunPython(reports_off_to_no_notices, no_notices_to_reports_off),
        migrations.RemoveField(model_name="profile", name="mail_reports"),
        migrations.AddField(
            model_name="profile",
            name="confirmed_email",
            field=models.EmailField(blank=True, max_length=254),
        ),
        migrations.AddField(
            model_name="profile",
            name="digest_sent_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="delivery",
            name="kind",
            field=models.CharField(
                choices=[
                    ("report", "Report"),
                    ("reminder", "Reminder"),
                    ("start", "Start"),
                    ("offer", "Offer"),
                ],
                max_length=10,
            ),
        ),
        migrations.AddIndex(
            model_name="delivery",
            index=models.Index(fields=["user", "sent_at"], name="mail_by_person_and_time"),
        ),
    ]
