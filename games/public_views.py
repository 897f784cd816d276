"""Public pages: a game, its published rounds, their feed. (Being written.)"""
from django.contrib.syndication.views import Feed
from django.http import Http404


def game_page(request, game_id):
    raise Http404


def round_report(request, game_id, number):
    raise Http404


class GameFeed(Feed):
    def get_object(self, request, game_id):
        raise Http404
