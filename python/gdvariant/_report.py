"""The report of ``gdvariant.scan`` and ``File.scan``: what loading a file could run."""

import json as _json
from typing import Any, Dict, List


class ScanReport:
    """What loading a file could run or reach, without loading anything.

    ``runs_code``: loading the file would run code (an embedded script, a script loaded by
    path, a script attached). ``reaches_outside``: it names a file outside ``res://``.
    ``findings``: one dict per finding, as ``gdvariant scan --json`` writes it (``kind``,
    ``runs_code``, ``location`` and the kind's fields), with its ``message`` (one line).
    ``to_json()`` is the command line's JSON line. ``bool(report)``: anything found.
    """

    __slots__ = ("runs_code", "reaches_outside", "findings", "_json")

    def __init__(self, runs_code: bool, reaches_outside: bool, findings: List[Dict[str, Any]], json_text: str):
        self.runs_code = runs_code
        self.reaches_outside = reaches_outside
        self.findings = findings
        self._json = json_text

    @classmethod
    def _from_native(cls, json_text: str, messages: List[str]) -> "ScanReport":
        data = _json.loads(json_text)
        findings = data["findings"]
        for finding, message in zip(findings, messages):
            finding["message"] = message
        return cls(data["runs_code"], data["reaches_outside"], findings, json_text)

    def to_json(self) -> str:
        """The report as the command line's ``scan --json`` writes it (without ``file``)."""
        return self._json

    def __bool__(self) -> bool:
        return bool(self.findings)

    def __repr__(self) -> str:
        return f"<ScanReport runs_code={self.runs_code} findings={len(self.findings)}>"
