from django.urls import path

from pad.views import games, history
from pad.views import printing

urlpatterns = [
    path("", games.front_page, name="front_page"),
    path("games/", history.game_list, name="game_list"),
    path("games/export.csv", history.games_csv, name="games_csv"),
    path("games/export.json", history.games_json, name="games_json"),
    path("partnerships/<int:partnership_id>/", history.partnership_detail, name="partnership_detail"),
    path(
        "partnerships/<int:partnership_id>/games.json",
        history.partnership_games_json,
        name="partnership_games_json",
    ),
    path("games/new/", games.game_start, name="game_start"),
    path("games/<int:game_id>/", games.game_pad, name="game_pad"),
    path("games/<int:game_id>/hands/", games.hand_record, name="hand_record"),
    path("games/<int:game_id>/undo/", games.hand_undo, name="hand_undo"),
    path("games/<int:game_id>/first-dealer/", games.first_dealer_choose, name="first_dealer_choose"),
    path("games/<int:game_id>/hands/<int:number>/outcome/", games.hand_change, name="hand_change"),
    path("games/<int:game_id>/hands/<int:number>/", games.hand_analysis, name="hand_analysis"),
    path("games/<int:game_id>/gorilla/", games.gorilla_it_out, name="gorilla_it_out"),
    path("games/<int:game_id>/gorilla/record/", games.gorilla_record, name="gorilla_record"),
    path("games/<int:game_id>/rematch/", games.game_rematch, name="game_rematch"),
    path("games/<int:game_id>/pad.pdf", printing.game_pad_pdf, name="game_pad_pdf"),
    path(
        "partnerships/<int:partnership_id>/blank.pdf",
        printing.partnership_blank_pdf,
        name="partnership_blank_pdf",
    ),
]
