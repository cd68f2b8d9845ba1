from django.contrib import admin

from pad.models import Game, Hand, Invitation, Partnership


@admin.register(Partnership)
class PartnershipAdmin(admin.ModelAdmin):
    list_display = ["odd_name", "even_name", "created_by", "created_at"]
    search_fields = ["odd_name", "even_name", "members__username"]
    filter_horizontal = ["members"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    """Invitations are made and used through the partnership page; here they are read."""

    list_display = ["partnership", "created_by", "created_at", "used_by", "used_at", "revoked_at"]
    readonly_fields = ["token", "partnership", "created_by", "used_by", "used_at", "revoked_at"]

    def has_add_permission(self, request):
        return False


class ReadOnlyHandsMixin:
    """Hands change only through the services, which keep every game a valid pad."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class HandInline(ReadOnlyHandsMixin, admin.TabularInline):
    model = Hand
    extra = 0
    fields = ["number", "outcome", "dealer", "taker", "fates_point", "irregularity", "verdict_by"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["date", "partnership", "finished_at", "created_at"]
    list_filter = ["date"]
    list_select_related = ["partnership"]
    search_fields = ["partnership__odd_name", "partnership__even_name", "notes"]
    date_hierarchy = "date"
    inlines = [HandInline]


@admin.register(Hand)
class HandAdmin(ReadOnlyHandsMixin, admin.ModelAdmin):
    list_display = ["game", "number", "outcome", "dealer", "taker", "fates_point", "verdict_by"]
    list_filter = ["outcome", "dealer", "fates_point", "verdict_by"]
    list_select_related = ["game__partnership"]
