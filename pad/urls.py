from django.urls import path
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from pad.table import TABLE
from pad.views import games, history, printing, sharing
from scorepads import converters  # noqa: F401  (registers the "token" converter)

urlpatterns = [
    path("accounts/data.json", history.account_data, name="account_data"),
    path("share/<token:token>/", sharing.shared_pad, name="shared_pad"),
    path("share/<token:token>/pad.pdf", printing.shared_pad_pdf, name="shared_pad_pdf"),
    path("invitations/<token:token>/", sharing.invitation_accept, name="invitation_accept"),
    path(
        "partnerships/<int:partnership_id>/invitation/",
        sharing.invitation_create,
        name="invitation_create",
    ),
    path(
        "partnerships/<int:partnership_id>/invitation/revoke/",
        sharing.invitation_revoke,
        name="invitation_revoke",
    ),
    path("games/<int:game_id>/share/", sharing.game_share, name="game_share"),
    path("games/<int:game_id>/share/stop/", sharing.game_stop_sharing, name="game_stop_sharing"),
    path("games/export.json", history.games_json, name="games_json"),
    path("games/pads.pdf", history.games_pdf, name="games_pdf"),
    path("partnerships/<int:partnership_id>/", history.partnership_detail, name="partnership_detail"),
    path(
        "partnerships/<int:partnership_id>/season.pdf", printing.partnership_season_pdf, name="partnership_season_pdf"
    ),
    path(
        "partnerships/<int:partnership_id>/games.json",
        history.partnership_games_json,
        name="partnership_games_json",
    ),
    path("games/new/", games.game_start, name="game_start"),
    path("games/<int:game_id>/", vary_on_headers("HX-Request")(require_GET(TABLE.page)), name="game_pad"),
    path("games/<int:game_id>/hands/", require_POST(TABLE.hand_record), name="hand_record"),
    path("games/<int:game_id>/hands/all/", games.hand_list, name="hand_list"),
    path("games/<int:game_id>/undo/", require_POST(TABLE.hand_undo), name="hand_undo"),
    path("games/<int:game_id>/redo/", require_POST(TABLE.hand_redo), name="hand_redo"),
    path("games/<int:game_id>/first-dealer/", games.first_dealer_choose, name="first_dealer_choose"),
    path("games/<int:game_id>/hands/<int:number>/outcome/", require_POST(TABLE.hand_change), name="hand_change"),
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
