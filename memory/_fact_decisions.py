"""Decisions and assumptions for the offline `extract_facts` role ("we decided to use X because Y", "assume Z").

Each rule reads one clause and returns fact dicts (the fields of `memory.extraction.FactCandidate`) or [].
"""

from __future__ import annotations

import re

from cognicore.memory._fact_words import Fact, clean, make_fact, subject_of, third_person, valid_object

_REASON_RE = re.compile(
    r"\s+(?:because(?:\s+of)?|since|due\s+to|given\s+that|as\s+(?=(?:it|its|the|we|our)\b))\s+", re.I
)

# --- decisions ------------------------------------------------------------------------------------------

_USE_VERB_RE = re.compile(
    r"^(?:use|using|go\s+with|going\s+with|adopt|adopting|pick|picking|choose|choosing|select|selecting|"
    r"buy|buying|implement|implementing)\s+(?P<obj>.+)$",
    re.I,
)
_DECIDED_RE = re.compile(
    r"^(?P<subj>we|I)\s+(?:have\s+|had\s+)?(?:finally\s+|eventually\s+|just\s+|now\s+)?"
    r"(?:decided|agreed|opted|resolved|elected)\s+(?P<neg>not\s+to|to\s+not|against)?\s*(?:to\s+|on\s+)?"
    r"(?P<rest>.+)$",
    re.I,
)
_DECIDED_THAT_RE = re.compile(
    r"^(?:that\s+)?(?:we|I)\s+(?:will|would|shall|should|are\s+going\s+to|am\s+going\s+to)\s+(?P<neg>not\s+)?"
    r"(?P<rest>.+)$",
    re.I,
)
_CHOSE_RE = re.compile(
    r"^(?P<subj>we|I)\s+(?:have\s+)?(?:chose|chosen|picked|selected|went\s+with|settled\s+on)\s+(?P<rest>.+)$",
    re.I,
)
_WILL_RE = re.compile(
    r"^(?:(?P<subj>we|I)\s+(?:will|are\s+going\s+to|am\s+going\s+to|shall)|let\s+us)\s+(?P<neg>not\s+)?"
    r"(?:go\s+with|use|adopt|pick|choose)\s+(?P<rest>.+)$"
    r"|^(?P<subj2>we|I)\s+(?:are|am)\s+(?P<neg2>not\s+)?going\s+with\s+(?P<rest2>.+)$",
    re.I,
)


def decision(clause: str, conf: float) -> list[Fact]:
    """ "We decided to use X (because Y)", "we chose X over Z", "let's go with X": the decision and its reason."""
    if m := _DECIDED_RE.match(clause):
        rest = m["rest"]
        negative = bool(m["neg"])
        if m["neg"] and m["neg"].lower() == "against":  # "decided against (using) X"
            rest = "use " + (_USE_VERB_RE.sub(r"\g<obj>", rest) if _USE_VERB_RE.match(rest) else rest)
        elif inner := _DECIDED_THAT_RE.match(rest):  # "decided (that) we will not X"
            rest, negative = inner["rest"], bool(inner["neg"])
        return _decision_facts(clause, m["subj"], rest, negative, conf)
    if m := _CHOSE_RE.match(clause):
        rest, reason = _split_reason(m["rest"])
        chosen, *over = re.split(r"\s+(?:over|instead\s+of|rather\s+than)\s+", rest, maxsplit=1)
        because = f" because {reason}" if reason else ""
        facts = _decision_facts(clause, m["subj"], f"use {chosen}{because}", False, conf)
        old = clean(over[0]) if over else ""
        if facts and valid_object(old):
            who = "The user" if m["subj"].lower() == "i" else "We"
            statement = f"{who} decided against {old} in favour of {clean(chosen)}"
            facts.append(make_fact(subject_of(m["subj"]), "rejected", old, "decision", conf, statement))
        return facts
    if m := _WILL_RE.match(clause):
        subject = m["subj"] or m["subj2"] or "we"
        return _decision_facts(clause, subject, "use " + (m["rest"] or m["rest2"]), bool(m["neg"] or m["neg2"]), conf)
    return []


def _split_reason(text: str) -> tuple[str, str | None]:
    parts = _REASON_RE.split(text, maxsplit=1)
    reason = clean(parts[1]) if len(parts) == 2 else None
    return parts[0].strip(), reason or None


def _decision_facts(clause: str, subj: str, rest: str, negative: bool, conf: float) -> list[Fact]:
    """The decision, and its reason as a fact of its own that the decision is `based_on`."""
    action, reason = _split_reason(rest)
    action = clean(action)
    if m := _USE_VERB_RE.match(action):
        obj, predicate = clean(m["obj"]), "rejected" if negative else "chose"
    else:
        obj, predicate = action, "decided_not_to" if negative else "decided"
    if not valid_object(obj):
        return []
    facts: list[Fact] = []
    based_on = None
    if reason:
        # "its cost exceeded the budget" is about the thing decided on: say so, so the reason stands alone.
        about = re.sub(r"^it\b", obj, re.sub(r"^its\b", f"{obj}'s", reason, flags=re.I), flags=re.I)
        about = third_person(about)
        based_on = about[:1].upper() + about[1:] + "."
        predicate_why = "reason_against" if negative else "reason_for"
        facts.append(make_fact(obj, predicate_why, clean(about), "fact", conf, based_on, category="project"))
    statement = third_person(clause) if subj.lower() == "i" else re.sub(r"^let us\b", "We will", clause, flags=re.I)
    facts.append(make_fact(subject_of(subj), predicate, obj, "decision", conf, statement, based_on=based_on))
    return facts


# --- assumptions ----------------------------------------------------------------------------------------

_ASSUME_RE = re.compile(
    r"^(?:(?:let\s+us|we|I|we\s+will|we\s+should|we\s+can|we\s+are|I\s+am)\s+)?"
    r"(?:assume|assuming|will\s+assume)\s+(?:that\s+)?(?P<body>.+)$"
    r"|^(?:our|the|my)\s+(?:working\s+)?assumption\s+is\s+(?:that\s+)?(?P<body2>.+)$",
    re.I,
)
_COPULA_RE = re.compile(
    r"^(?P<s>.+?)\s+(?P<p>is|are|was|will\s+be|will|stays|stay|remains|remain|grows|grow|has|have|costs|"
    r"cost|takes|take|needs|need)\s+(?P<o>.+)$",
    re.I,
)
_EXCLUSIVE_COPULAS = frozenset({"is", "are", "will_be", "stays", "stay", "remains", "remain"})


def triple(body: str) -> tuple[str, str, str] | None:
    """(subject, predicate, object) of a plain "X is / has / needs Y" sentence, or None."""
    m = _COPULA_RE.match(body)
    if not m:
        return None
    subject = re.sub(r"^(?:the|a|an)\s+", "", m["s"].strip(), flags=re.I)
    subject = "user" if subject.lower() in ("i", "me") else "we" if subject.lower() == "we" else subject
    return subject, re.sub(r"\s+", "_", m["p"].lower()), clean(m["o"])


def assumption(clause: str, conf: float) -> list[Fact]:
    """ "Let's assume churn stays at 3%": an assumption, kept below the confidence of a stated fact."""
    m = _ASSUME_RE.match(clause)
    body = clean(m["body"] or m["body2"]) if m else ""
    if not valid_object(body):
        return []
    subject, predicate, obj = triple(body) or ("we", "assume", body)
    exclusive = predicate in _EXCLUSIVE_COPULAS
    statement = "Assumption: " + third_person(body)
    return [make_fact(subject, predicate, obj, "assumption", min(conf, 0.7), statement, exclusive=exclusive)]
