"""The pilot's pages. (Being written.)"""
from django.http import Http404


def pilot_page(request, game_id, number):
    raise Http404


preview = submit_orders = save_chatter = pilot_page
