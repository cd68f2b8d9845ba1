from django.contrib.auth import views as auth_views
from django.urls import path

from card_table.views import accounts, front, history

urlpatterns = [
    path("", front.front_page, name="front_page"),
    path("invitations/from/<int:sender_id>/decline/", front.invitations_decline_from, name="invitations_decline_from"),
    path("accounts/blocked/<int:blocked_id>/unblock/", front.invitation_unblock, name="invitation_unblock"),
    path("games/", history.game_list, name="game_list"),
    path("games/export.csv", history.games_csv, name="games_csv"),
    path("accounts/login/", accounts.Login.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/", accounts.account, name="account"),
    path("accounts/data.zip", accounts.account_archive, name="account_archive"),
    path("accounts/restore/", accounts.account_restore, name="account_restore"),
    path("accounts/restore/<int:job_id>/", accounts.account_restore_progress, name="account_restore_progress"),
    path("accounts/delete/", accounts.account_delete, name="account_delete"),
    path("accounts/password/", accounts.PasswordChange.as_view(), name="password_change"),
    path(
        "accounts/password/changed/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("accounts/password/reset/", accounts.PasswordReset.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirm.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
