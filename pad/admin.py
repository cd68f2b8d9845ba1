from django.contrib import admin

from pad.models import Game, Hand, Partnership


@admin.register(Partnership)
class PartnershipAdmin(admin.ModelAdmin):
    list_display = ["odd_name", "even_name", "created_at"]
    search_fields = ["odd_name", "even_name"]


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
