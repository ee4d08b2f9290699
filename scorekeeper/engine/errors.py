"""Errors the engine raises for entries and rule sets that cannot be.

Every error is a :class:`ValueError` that names the field it concerns, so a form can show the
message next to that field and the API can answer 422 with field errors. Messages are English
``%``-format templates marked with :func:`N_`; the web layer translates the template and then
fills in :attr:`FieldError.params`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it here (gettext_noop)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with its plural for translation (ngettext's), translated later."""
    return singular, plural


class FieldError(ValueError):
    """One field of an entry or a rule set holds a value that cannot be."""

    def __init__(self, field: str, template: str, **params: object) -> None:
        self.field = field
        self.template = template
        self.params: Mapping[str, object] = params
        super().__init__(f"{field}: {self.message}")

    @property
    def message(self) -> str:
        """The message in English with its parameters filled in."""
        return self.template % self.params if self.params else self.template

    def as_dict(self) -> dict[str, str]:
        """The error as the API shows it."""
        return {"field": self.field, "message": self.message}


class EntryErrors(ValueError):
    """All the field errors found in one entry; raised when there is at least one."""

    def __init__(self, errors: Iterable[FieldError]) -> None:
        self.errors: tuple[FieldError, ...] = tuple(errors)
        super().__init__("; ".join(str(e) for e in self.errors))

    def for_field(self, field: str) -> list[FieldError]:
        """The errors of one field."""
        return [e for e in self.errors if e.field == field]


class UnknownRuleSet(FieldError):
    """No preset has the id asked for."""

    def __init__(self, ruleset_id: str, field: str = "ruleset") -> None:
        super().__init__(field, N_("There is no rule set called “%(id)s”."), id=ruleset_id)
