"""Rules of the offline `extract_facts` role: first-person statements, decisions and assumptions.

`read_facts` splits the user's message into clauses and gives each to the rules in turn; a rule returns
fact dicts (the fields of `memory.extraction.FactCandidate`) or nothing. Questions, requests and
hypotheticals are dropped before any rule runs, so they never become facts.

Over 400 lines on purpose: the rules are a table read top to bottom, each small and independent.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cognicore.memory._fact_approvals import approval_facts
from cognicore.memory._fact_changes import change_facts, habit_facts
from cognicore.memory._fact_forms import form_facts, rewrite
from cognicore.memory._fact_keys import FIGURE_HEADS
from cognicore.memory._fact_shapes import is_time, settle, shape_facts

Fact = dict[str, Any]

_CONTRACTIONS = {
    "i'm": "I am", "i've": "I have", "i'll": "I will", "i'd": "I would", "we're": "we are",
    "we've": "we have", "we'll": "we will", "we'd": "we would", "let's": "let us", "don't": "do not",
    "doesn't": "does not",
    "didn't": "did not", "won't": "will not", "can't": "cannot", "isn't": "is not", "aren't": "are not",
    "it's": "it is", "that's": "that is", "haven't": "have not", "wasn't": "was not",
}  # fmt: skip
# Typed fast, without the apostrophe ("im on nights now"): only forms that are no English word themselves.
_BARE_CONTRACTIONS = {
    c.replace("'", ""): _CONTRACTIONS[c]
    for c in ("i'm", "i've", "we've", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "haven't", "that's")
}
_CONTRACTIONS |= _BARE_CONTRACTIONS
_CONTRACTION_RE = re.compile(r"\b(" + "|".join(re.escape(c) for c in _CONTRACTIONS) + r")\b", re.I)
_REMEMBER = r"(?:please\s+)?(?:remember|note|keep in mind|do not forget)(?:\s+that)?"
_WEEKDAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_MONTHS = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_FILLER_RE = re.compile(
    r"^(?:actually|also|oh|ok|okay|well|so|and|but|from now on|now|anyway|honestly|btw|by the way|fyi|for the record|"
    r"just so you know|for your information|to be clear|i think|i believe|i guess|these days|nowadays|lately|"
    r"recently|currently|at the moment|right now|since last \w+|as of \w+|" + _REMEMBER + r"|"
    # When it happened, said first ("Last week I switched to ...", "In October we moved ...").
    r"(?:last|this|on)\s+(?:week|weekend|month|year|quarter|" + _WEEKDAYS + r")|yesterday|earlier today|"
    r"(?:a\s+few|a\s+couple\s+of|a|one|two|three|few|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
    r"(?:in|since)\s+" + _MONTHS + r")\b[,:]?\s*",
    re.I,
)
_EXPLICIT_RE = re.compile(r"^(?:" + _REMEMBER + r"|for the record)\b", re.I)
_HEDGE_RE = re.compile(r"\b(?:i think|i guess|i believe|probably|maybe|perhaps|might)\b", re.I)
# Clauses opening like a question, a request or a hypothetical state no fact even without a "?".
_NOT_A_STATEMENT_RE = re.compile(
    r"^(?:what|who|whom|whose|where|when|why|how|which|do|does|did|is|are|was|were|can|could|would|should|"
    r"will|shall|may|have|has|if|suppose|tell|show|give|list|find|write|create|make|generate|compare|"
    r"summari[sz]e|explain|describe|hi|hello|hey|thanks|thank)\b",
    re.I,
)
_CLAUSE_SPLIT_RE = re.compile(r",?\s+(?:and|but)\s+(?=(?:I|we|my|our)\b)", re.I)
# "I am not vegetarian anymore, I am pescatarian now": two statements; not after a condition ("if we ..., we ...").
_COMMA_SPLIT_RE = re.compile(
    r"[,;]\s+(?:(?:and\s+)?so\s+|which\s+means\s+|meaning\s+|hence\s+)?(?=(?:I|we)\s)"
    r"|[,;]\s+(?:and\s+)?(?:so|which\s+means|meaning|hence)\s+(?=(?:my|our|the)\s)"  # "..., so the budget is 60k"
    r"|[,;]\s+(?:and\s+)?(?:so|which\s+means|meaning|hence)\s+(?=(?-i:[A-Z][a-z]+)\s+(?:is|are|will|has)\s)"
    # "Anika is off sick, Tomasz is covering the deal desk": a second statement about a named colleague.
    r"|[,;]\s+(?:and\s+|but\s+|so\s+)?(?=(?-i:[A-Z][a-z]+)\s+(?:is|has|will|now)\s)",
    re.I,
)
# A short preface before a dash or colon ("Quick note - ...", "Update: ...") says nothing itself.
_PREFACE_RE = re.compile(
    r"^(?:[A-Za-z]+\s+){0,2}[A-Za-z]+\s*(?:\s-|:|\u2013|\u2014)\s+(?=\S)"
    # "Quick note before the report: I'm ...": a longer preface, when a first-person statement follows.
    r"|^(?:[A-Za-z]+\s+){3,6}[A-Za-z]+\s*(?:\s-|:|\u2013|\u2014)\s+(?=(?:I|we|my|our)\b)",
    re.I,
)
_CONDITION_RE = re.compile(
    r"^(?:if|when|whenever|unless|suppose|supposing|assuming|in case|once|although|though|because|since|as)\b", re.I
)
_CURRENT_RE = re.compile(
    r"\b(?:now|these days|nowadays|currently|from now on|anymore|any more|again|no longer|instead|rather than)\b",
    re.I,
)
_TRAILING_RE = re.compile(
    r"(?:\s*,)?\s+(?:now|these days|nowadays|anymore|any more|again|instead|too|as well|a lot|very much|"
    r"so much|mostly|usually|most of the time|in general|generally|lately|recently|from now on|after all|"
    r"for now|for good|at the moment|right now|since then|"
    r"(?:since\s+|as\s+of\s+)?(?:last|this)\s+(?:week|month|year|spring|summer|autumn|fall|winter|" + _WEEKDAYS + r")|"
    r"(?:a\s+few|a\s+couple\s+of|a|one|two|three|few|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|yesterday|today|in\s+the\s+mornings?|"
    r"(?:over|during)\s+the\s+(?:summer|winter|spring|autumn|weekend|holidays?|break)|"
    r"in\s+(?:the\s+)?(?:spring|summer|autumn|fall|winter)|(?:in|since)\s+(?:january|february|march|april|may|june|"
    r"july|august|september|october|november|december)|"
    r"in\s+the\s+evenings?|every\s+(?:day|morning|evening)|daily)\s*$",
    re.I,
)
_NOT_TAIL_RE = re.compile(r",?\s+(?:and\s+|but\s+)?(?:not|no longer|instead of|rather than)\s+(?P<old>.+)$", re.I)
_FROM_TAIL_RE = re.compile(r",?\s+(?:up|down)\s+from\s+(?P<old>.+)$", re.I)
_OVER_TAIL_RE = re.compile(r"\s+over\s+(?P<old>.+)$", re.I)
_REASON_RE = re.compile(
    r"\s+(?:because(?:\s+of)?|since|due\s+to|given\s+that|as\s+(?=(?:it|its|the|we|our)\b))\s+", re.I
)
_PRONOUN_OBJECT_RE = re.compile(r"^(?:it|that|this|these|those|them|you|him|her|what|how|when)\b", re.I)
_ADVERBS = r"(?:(?:really|absolutely|also|still|now|much|definitely|quite|mostly|usually|generally|just)\s+)*"

_BEVERAGES = frozenset(
    "tea coffee espresso latte cappuccino americano mocha macchiato matcha chai water juice milk cocoa beer "
    "wine whisky whiskey vodka gin rum soda cola coke lemonade kombucha smoothie smoothies decaf cider sake "
    "mate".split()
)
_FOODS = frozenset(
    "food pizza pasta sushi salad chocolate cuisine meat fish chicken cheese bread rice noodles curry burger "
    "burgers dessert desserts cake fruit vegetables seafood steak tacos breakfast lunch dinner".split()
)
_JOBS = frozenset(
    "analyst engineer manager developer designer scientist consultant director lead architect student "
    "teacher doctor nurse accountant marketer founder ceo cto cfo coo owner researcher writer administrator "
    "officer specialist intern salesperson representative executive".split()
)
_REACTION_HEADS = frozenset(
    "report answer chart summary response idea suggestion explanation result results graph table".split()
)
_NOT_FACT_THINGS = frozenset("question point problem issue concern guess idea answer request task pleasure".split())
# What "the X is Y" may say about the user's work without a "my" or "our": plans, limits and agreed terms.
_PROJECT_THINGS = frozenset(
    "budget deadline target goal timeline launch scope headcount plan quota cap limit discount sla contact "
    "allowance".split()
)
_CATEGORY_BY_PREDICATE = {
    "drinks": "food_drink", "does_not_drink": "food_drink", "diet": "food_drink", "lives_in": "personal",
    "is_from": "personal", "name": "personal", "allergic_to": "personal", "works_at": "work",
    "works_as": "work", "works_in": "work", "team": "work", "role": "work", "job": "work", "manager": "work",
    "uses": "tools", "does_not_use": "tools",
}  # fmt: skip


def read_facts(text: str) -> list[Fact]:
    """Every fact the rules find in `text`, in order; nothing from questions, requests or chit-chat."""
    text = _CONTRACTION_RE.sub(lambda m: _CONTRACTIONS[m.group(1).lower()], text.replace("\u2019", "'"))
    text = re.sub(r"\b(\w+)'s\s+been\b", r"\1 has been", text)  # "budget's been raised"
    text = re.sub(r"\b(our|my)\s+(?:team|company)'s\s+", r"\1 ", text, flags=re.I)  # "our team's SLA target"
    # "The team's quarterly target is 900k", "Team standup is at 9:15": the user's team's thing, as "our" says it.
    text = re.sub(r"(?:^|(?<=[.!?;]\s))(?:the\s+)?(?:team|company)'s\s+", "our ", text, flags=re.I)
    text = re.sub(r"(?:^|(?<=[.!?;]\s))team\s+(?=[a-z][\w-]*\s+(?:is|are|was|were|starts|begins|happens)\b)", "our ",
                  text, flags=re.I)  # fmt: skip
    text = _RATHER_RE.sub(_prefer, text)
    text = _MINE_BY_CLAUSE_RE.sub(_owned, text)  # "the maximum discount I can give is 15%": my maximum discount
    text = _FOR_FIRST_RE.sub(r"\g<the> \g<thing> for \g<what> \g<verb>", text)
    text = _ONLY_NOW_RE.sub(r"\g<neg>, \g<s> \g<v> \g<y> now", text)
    text = "\n".join(rewrite(line) for line in re.split(r"(?<=[.!?;])\s+|\n+", text))
    facts: list[Fact] = []
    for raw in re.split(r"(?<=[.!?;])\s+|\n+", text):
        sentence = raw.strip()
        if not sentence or sentence.endswith("?"):
            continue
        sentence = sentence.rstrip(".!;").strip()
        sentence = _LABEL_RE.sub(r"\g<1> is ", sentence)  # "Our Q4 budget: 80k" is no preface
        sentence = _BARE_FIGURE_RE.sub(r"the \g<0>", sentence)  # "Budget has been raised to 75k"
        if not _EXPLICIT_RE.match(sentence):  # "Note: ..." asks to remember; "Quick update - ..." only opens
            sentence = _PREFACE_RE.sub("", sentence)
        explicit = bool(_EXPLICIT_RE.match(sentence))
        confidence = 0.6 if _HEDGE_RE.search(sentence) else 0.9
        clauses = _CLAUSE_SPLIT_RE.split(sentence)
        if not _CONDITION_RE.match(_strip_fillers(sentence)):
            clauses = [part for clause in clauses for part in _COMMA_SPLIT_RE.split(clause)]
        past: str | None = None  # "I used to drink coffee, but ...": what the next statement replaces
        for clause in _used_to(clauses):
            bare = _strip_fillers(clause.strip())
            if m := _USED_TO_RE.match(bare):
                past = _clean(m["obj"])
                continue  # what was true once says nothing about now
            current = bool(_CURRENT_RE.search(clause)) or past is not None
            found = [settle(f, _BEVERAGES) for f in _from_clause(bare, confidence, explicit=explicit, current=current)]
            if past and _valid_object(past):
                found = [f if f.get("contradicts") else {**f, "contradicts": past} for f in found]
            facts.extend(found)
    return facts


# "I used to work nights, but I am on days now" / "... but switched to tea" / "..., now I drink tea".
_USED_TO_RE = re.compile(r"^(?P<subj>I|we)\s+used\s+to\s+(?P<verb>[a-z]+)\s+(?P<obj>.+)$", re.I)
_USED_TO_THEN_RE = re.compile(
    r"^(?P<subj>I|we)\s+used\s+to\s+(?P<past>.+?)(?:\s*,\s*(?:but\s+|and\s+)?|\s+(?:but|and|while)\s+)"
    r"(?:(?:now|these\s+days|nowadays|today)\s*,?\s+)?(?:(?:I|we)\s+)?(?P<rest>(?:am|are|have|now|switched|"
    r"changed|moved|started|prefer|drink|eat|use|work|live|take|go|do)\b.*)$",
    re.I,
)
# "I would rather X (than Y)" says a preference: read as "I prefer to X (instead of Y)"; not a name ("go by").
_RATHER_RE = re.compile(
    r"\bI\s+would\s+(?:rather|prefer\s+to)\s+(?!go\s+by|be\s+called|be\s+addressed)(?P<rest>[^.!?;]+)", re.I
)


# "I do not drink coffee anymore, only tea": the end of one habit and the start of another.
_ONLY_NOW_RE = re.compile(
    r"(?P<neg>\b(?P<s>I|we)\s+(?:do\s+not|no\s+longer)\s+(?P<v>[a-z]+)\s+[^,.;!?]+?)\s*,\s*(?:only|just|but\s+only)\s+"
    r"(?P<y>[^,.;!?]+)",
    re.I,
)


_LABEL_RE = re.compile(r"^((?:my|our)\s+[^:]{1,40}?):\s+(?=\S)", re.I)
_BARE_FIGURE_RE = re.compile(
    r"^(?:" + "|".join(sorted(FIGURE_HEADS)) + r")\b(?=\s+(?:has|have|had|was|were|is|got)\b)", re.I
)


# "The maximum discount I can give is 15%": a thing the speaker's relative clause makes theirs.
_MINE_BY_CLAUSE_RE = re.compile(
    r"^the\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:that\s+)?(?P<who>I|we)\s+"
    r"(?:can|could|may|am\s+allowed\s+to|are\s+allowed\s+to|get\s+to|have\s+to)\s+[a-z]+\s+(?=(?:is|are)\s)",
    re.I,
)
# "For database outages the escalation contact is Hannah": the qualifier said first, read as said after.
_FOR_FIRST_RE = re.compile(
    r"^for\s+(?P<what>[\w-]+(?:\s+[\w-]+){0,3}?)\s*,?\s+(?P<the>the|our|my)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"\s+(?P<verb>is|are)\b",
    re.I,
)


def _owned(m: re.Match[str]) -> str:
    return f"{'my' if m['who'].lower() == 'i' else 'our'} {m['thing']} "


def _prefer(m: re.Match[str]) -> str:
    return "I prefer to " + re.sub(r"\s+than\s+", " instead of ", m["rest"])


def _used_to(clauses: list[str]) -> list[str]:
    """Clauses with "I used to A but B" split into the past ("I used to A") and the present ("I B")."""
    out: list[str] = []
    for clause in clauses:
        bare = _strip_fillers(clause.strip())
        m = _USED_TO_THEN_RE.match(bare)
        if m:
            out += [f"{m['subj']} used to {m['past']}", f"{m['subj']} {m['rest']}"]
        else:
            out.append(clause)
    return out


def third_person(text: str) -> str:
    """First-person words rewritten for a sentence about the user ("I am" -> "the user is")."""
    for pattern, repl in _PRONOUNS:
        text = pattern.sub(repl, text)
    return text


_PRONOUNS = [
    (re.compile(p, re.I), r)
    for p, r in (
        (r"\bI am\b", "the user is"), (r"\bI have\b", "the user has"), (r"\bI was\b", "the user was"),
        (r"\bI\b", "the user"), (r"\bmy\b", "the user's"), (r"\bme\b", "the user"),
        (r"\bmine\b", "the user's"), (r"\bmyself\b", "themself"),
    )
]  # fmt: skip


def _strip_fillers(clause: str) -> str:
    previous = None
    while previous != clause:
        previous = clause
        clause = _FILLER_RE.sub("", clause).strip()
    return clause


def _from_clause(clause: str, confidence: float, *, explicit: bool, current: bool = False) -> list[Fact]:
    if not clause or _NOT_A_STATEMENT_RE.match(clause) or len(clause.split()) > 60:
        return []
    # A change ("no longer", "switched to", "raised ... to") names the slot it changes: read it first.
    helpers: dict[str, Any] = {"make": _fact, "clean": _clean, "valid": _valid_object, "drink_words": _BEVERAGES}
    if formed := form_facts(clause, confidence, make=_fact, clean=_clean, valid=_valid_object):
        return formed
    if approvals := approval_facts(clause, confidence, make=_fact, clean=_clean, valid=_valid_object):
        return approvals
    if changes := change_facts(clause, confidence, current=current, **helpers):
        return changes
    if shaped := shape_facts(clause, confidence, **helpers):
        return shaped
    clause = _clean(clause)  # "I am the team lead now": the anchored rules read the clause without its "now"
    for rule in _RULES:
        if found := rule(clause, confidence):
            return found
    if habits := habit_facts(clause, confidence, current=current, **helpers):
        return habits
    # Asked to remember something with a subject and a verb: keep it as a plain fact.
    if explicit and (triple := _triple(clause)) and _valid_object(triple[2]):
        return [_fact(*triple, "fact", confidence, third_person(clause), category="general")]
    return []


_CHATTER_TAIL_RE = re.compile(
    r",\s*(?:thanks|thank you|please|ok|okay|cheers|lol|haha)\b.*$"
    # "..., so keep that in mind" / "..., so route those to me": a request after the fact, not part of it.
    r"|,\s*(?:and\s+)?so\s+(?!(?:I|we|my|our|the|it|that|this|he|she|they|you|there|now)\b)[a-z]+\s+"
    r"(?:that|this|it|those|these|them|me|us)\b.*$",
    re.I,
)


def _clean(text: str) -> str:
    text = _CHATTER_TAIL_RE.sub("", text).strip().strip(",.;:!\"'").strip()
    previous = None
    while previous != text:
        previous = text
        text = _TRAILING_RE.sub("", text).strip().strip(",").strip()
    return text


def _head(text: str) -> str:
    words = re.findall(r"[a-z]+", text.lower())
    return words[-1] if words else ""


def _valid_object(obj: str) -> bool:
    if not obj or _PRONOUN_OBJECT_RE.match(obj) or len(obj.split()) > 12:
        return False
    # "I like the report": a reaction to this answer, not something to remember about the user.
    return not (re.match(r"^(?:the|your)\s", obj, re.I) and _head(obj) in _REACTION_HEADS)


def _conjugate(verb: str) -> str:
    """The third-person form of a first-person verb phrase ("do not like" -> "does not like")."""
    if verb.startswith("am "):
        return "is " + verb[3:]
    if verb.startswith("do not "):
        return "does not " + verb[7:]
    if verb.startswith("no longer "):
        return "no longer " + _conjugate(verb[10:])
    if verb.startswith(("cannot ", "stopped ")):
        return verb
    first, _, rest = verb.partition(" ")
    first += "es" if first.endswith(("s", "sh", "ch", "x")) else "s"
    return f"{first} {rest}".strip()


def _fact(subject: str, predicate: str, obj: str, kind: str, conf: float, statement: str, **extra: Any) -> Fact:
    """A fact dict; the category comes from the predicate or the object unless given."""
    default = {"decision": "project", "assumption": "project", "preference": "preferences"}.get(kind, "personal")
    if "category" not in extra:
        food = _head(obj) in _BEVERAGES or _head(obj) in _FOODS
        extra["category"] = _CATEGORY_BY_PREDICATE.get(predicate, "food_drink" if food else default)
    text = statement.strip().rstrip(".")
    return {
        "subject": subject, "predicate": predicate, "object": obj, "kind": kind, "confidence": conf,
        "statement": text[:1].upper() + text[1:] + ".", **extra,
    }  # fmt: skip


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


def _decision(clause: str, conf: float) -> list[Fact]:
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
        old = _clean(over[0]) if over else ""
        if facts and _valid_object(old):
            who = "The user" if m["subj"].lower() == "i" else "We"
            statement = f"{who} decided against {old} in favour of {_clean(chosen)}"
            facts.append(_fact(_subject(m["subj"]), "rejected", old, "decision", conf, statement))
        return facts
    if m := _WILL_RE.match(clause):
        subject = m["subj"] or m["subj2"] or "we"
        return _decision_facts(clause, subject, "use " + (m["rest"] or m["rest2"]), bool(m["neg"] or m["neg2"]), conf)
    return []


def _subject(word: str) -> str:
    return "user" if word.lower() == "i" else "we"


def _split_reason(text: str) -> tuple[str, str | None]:
    parts = _REASON_RE.split(text, maxsplit=1)
    reason = _clean(parts[1]) if len(parts) == 2 else None
    return parts[0].strip(), reason or None


def _decision_facts(clause: str, subj: str, rest: str, negative: bool, conf: float) -> list[Fact]:
    """The decision, and its reason as a fact of its own that the decision is `based_on`."""
    action, reason = _split_reason(rest)
    action = _clean(action)
    if m := _USE_VERB_RE.match(action):
        obj, predicate = _clean(m["obj"]), "rejected" if negative else "chose"
    else:
        obj, predicate = action, "decided_not_to" if negative else "decided"
    if not _valid_object(obj):
        return []
    facts: list[Fact] = []
    based_on = None
    if reason:
        # "its cost exceeded the budget" is about the thing decided on: say so, so the reason stands alone.
        about = re.sub(r"^it\b", obj, re.sub(r"^its\b", f"{obj}'s", reason, flags=re.I), flags=re.I)
        about = third_person(about)
        based_on = about[:1].upper() + about[1:] + "."
        predicate_why = "reason_against" if negative else "reason_for"
        facts.append(_fact(obj, predicate_why, _clean(about), "fact", conf, based_on, category="project"))
    statement = third_person(clause) if subj.lower() == "i" else re.sub(r"^let us\b", "We will", clause, flags=re.I)
    facts.append(_fact(_subject(subj), predicate, obj, "decision", conf, statement, based_on=based_on))
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


def _triple(body: str) -> tuple[str, str, str] | None:
    m = _COPULA_RE.match(body)
    if not m:
        return None
    subject = re.sub(r"^(?:the|a|an)\s+", "", m["s"].strip(), flags=re.I)
    subject = "user" if subject.lower() in ("i", "me") else "we" if subject.lower() == "we" else subject
    return subject, re.sub(r"\s+", "_", m["p"].lower()), _clean(m["o"])


def _assumption(clause: str, conf: float) -> list[Fact]:
    m = _ASSUME_RE.match(clause)
    body = _clean(m["body"] or m["body2"]) if m else ""
    if not _valid_object(body):
        return []
    subject, predicate, obj = _triple(body) or ("we", "assume", body)
    exclusive = predicate in _EXCLUSIVE_COPULAS
    statement = "Assumption: " + third_person(body)
    return [_fact(subject, predicate, obj, "assumption", min(conf, 0.7), statement, exclusive=exclusive)]


# --- preferences ----------------------------------------------------------------------------------------

_DISLIKE_RE = re.compile(
    r"^I\s+" + _ADVERBS + r"(?P<verb>hate|dislike|detest|do\s+not\s+(?:really\s+)?like|do\s+not\s+enjoy|"
    r"cannot\s+stand|am\s+not\s+a\s+fan\s+of|am\s+not\s+into|do\s+not\s+drink|no\s+longer\s+drink|"
    r"no\s+longer\s+like|stopped\s+drinking|quit|gave\s+up)\s+(?:drinking\s+)?(?P<obj>.+)$",
    re.I,
)
_LIKE_RE = re.compile(
    r"^I\s+" + _ADVERBS + r"(?P<verb>prefer|like|love|enjoy|adore|drink|am\s+into|am\s+a\s+fan\s+of|"
    r"am\s+fond\s+of|have\s+switched\s+to|switched\s+to)\s+(?P<to>to\s+drink\s+|drinking\s+)?(?P<obj>.+)$",
    re.I,
)


def _negative_preference(clause: str, conf: float) -> list[Fact]:
    m = _DISLIKE_RE.match(clause)
    obj = _clean(m["obj"]) if m else ""
    if not m or not _valid_object(obj):
        return []
    verb = re.sub(r"\s+", " ", m["verb"].lower())
    stopped = verb in ("quit", "gave up", "stopped drinking", "no longer drink", "do not drink")
    if stopped and ("drink" in verb or _head(obj) in _BEVERAGES):
        return [_fact("user", "does_not_drink", obj, "preference", conf, f"The user no longer drinks {obj}",
                      contradicts=obj)]  # fmt: skip
    if verb in ("quit", "gave up"):
        return [_fact("user", "gave_up", obj, "fact", conf, f"The user gave up {obj}", contradicts=obj)]
    contradicts = obj if "no longer" in verb else None
    statement = f"The user {_conjugate(verb)} {obj}"
    return [_fact("user", "dislikes", obj, "preference", conf, statement, contradicts=contradicts)]


def _preference(clause: str, conf: float) -> list[Fact]:
    m = _LIKE_RE.match(clause)
    if not m:
        return []
    verb, rest, old = re.sub(r"\s+", " ", m["verb"].lower()), m["obj"], None
    tail = _NOT_TAIL_RE.search(rest) or (_OVER_TAIL_RE.search(rest) if verb == "prefer" else None)
    if tail:
        old, rest = _clean(tail["old"]), rest[: tail.start()]
    obj = _clean(re.sub(r"^to\s+", "", rest, flags=re.I))
    if not _valid_object(obj):
        return []
    old = old if old and _valid_object(old) else None
    if verb == "drink" or m["to"] or _head(obj) in _BEVERAGES:
        # One current drink: a new one replaces the old ("I drink coffee now, not tea").
        return [_fact("user", "drinks", obj, "preference", conf, f"The user prefers to drink {obj}",
                      exclusive=True, contradicts=old)]  # fmt: skip
    if "switched" in verb:
        return []  # "I switched to Linux": a tool in use, read by `_uses`
    statement = f"The user {_conjugate(verb)} {third_person(_clean(rest))}" + (f" over {old}" if old else "")
    predicate = "prefers" if verb == "prefer" else "likes"
    return [_fact("user", predicate, obj, "preference", conf, statement, contradicts=old)]


# --- facts about the user, their team and what they use -------------------------------------------------

_ABOUT_USER = [
    (re.compile(p, re.I), predicate, template)
    for p, predicate, template in (
        (r"^I\s+(?:now\s+|currently\s+)?(?:live|reside|am\s+(?:now\s+|currently\s+)?(?:living|based|located))\s+"
         r"in\s+(?P<o>.+)$",
         "lives_in", "The user lives in {o}"),
        (r"^I\s+(?:have\s+)?(?:just\s+|recently\s+)?(?:moved|relocated)\s+to\s+(?P<o>.+)$", "lives_in",
         "The user lives in {o}"),
        (r"^I\s+am\s+(?:originally\s+)?from\s+(?P<o>.+)$", "is_from", "The user is from {o}"),
        (r"^(?:call\s+me|I\s+am\s+called|people\s+call\s+me|I\s+go\s+by)\s+(?!(?:a|an|the|some)\s)(?P<o>.+)$", "name",
         "The user's name is {o}"),
        (r"^I\s+(?:now\s+|currently\s+)?work\s+(?:at|for)\s+(?P<o>.+)$", "works_at", "The user works at {o}"),
        (r"^I\s+(?:now\s+|currently\s+)?work\s+as\s+(?:an?\s+)?(?P<o>.+)$", "works_as",
         "The user works as {a} {o}"),
        (r"^I\s+(?:now\s+|currently\s+)?work\s+in\s+(?P<o>.+)$", "works_in", "The user works in {o}"),
        (r"^I\s+am\s+(?:an?\s+)?(?P<o>vegetarian|vegan|pescatarian|gluten-free|lactose intolerant)$", "diet",
         "The user is {o}"),
        (r"^I\s+am\s+allergic\s+to\s+(?P<o>.+)$", "allergic_to", "The user is allergic to {o}"),
        (r"^I\s+am\s+(?:an?\s+)?(?P<o>.+\b(?:" + "|".join(sorted(_JOBS)) + r"))$", "works_as",
         "The user works as {a} {o}"),
    )
]  # fmt: skip
_MULTI_VALUED_ABOUT = frozenset({"allergic_to"})


def _about_user(clause: str, conf: float) -> list[Fact]:
    for pattern, predicate, template in _ABOUT_USER:
        if m := pattern.match(clause):
            obj = _clean(m["o"])
            if not _valid_object(obj):
                return []
            statement = template.format(o=obj, a="an" if obj[:1].lower() in "aeiou" else "a")
            exclusive = predicate not in _MULTI_VALUED_ABOUT
            return [_fact("user", predicate, obj, "fact", conf, statement, exclusive=exclusive)]
    return []


_POSSESSION_RE = re.compile(
    r"^(?P<owner>my|our|the)\s+(?P<fav>(?:absolute\s+)?(?:favou?rite|preferred)\s+)?"
    r"(?P<thing>[a-z][a-z0-9-]*(?:\s+[a-z][a-z0-9-]*){0,2}?)"
    # "our budget for the spring campaign is ...": the qualifier is told, the slot stays "budget".
    r"(?P<qual>\s+(?:for|of|on)\s+(?:the\s+|our\s+|my\s+|this\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?"
    r"|\s+(?:this|next|last)\s+(?:year|quarter|month|week)|\s+(?:for|in)\s+\d{4})?\s+"
    r"(?:is\s+now|is|are|will\s+be|has\s+been\s+set\s+to|was\s+set\s+to|has\s+become)\s+(?P<o>.+)$",
    re.I,
)


def _possession(clause: str, conf: float) -> list[Fact]:
    """ "my X is Y", "our budget is Y", "my favourite X is Y": one value at a time, so exclusive."""
    m = _POSSESSION_RE.match(clause)
    if not m:
        return []
    owner, rest = m["owner"].lower(), m["o"]
    # "my new manager", "my favourite drink these days": the slot is "manager", "favourite drink".
    thing = re.sub(r"^(?:new|current|latest|updated|revised|present)\s+", "", m["thing"].lower())
    thing = re.sub(r"\s+(?:these\s+days|nowadays|currently|right\s+now|at\s+the\s+moment)$", "", thing)
    rest = re.sub(r"^(?:called|named)\s+", "", rest, flags=re.I)  # "my daughter is called Emma"
    old = None
    if tail := _NOT_TAIL_RE.search(rest) or _FROM_TAIL_RE.search(rest):  # "is Omar now, instead of Priya"
        old, rest = _clean(tail["old"]), rest[: tail.start()]
    obj = _clean(rest)
    last = thing.split()[-1]
    if last in _NOT_FACT_THINGS or not _valid_object(obj) or obj.lower().startswith("that "):
        return []
    qualifier = (m["qual"] or "").lower()
    if owner == "the" and re.search(r"\b(?:our|my)\b", qualifier):
        owner = "my" if re.search(r"\bmy\b", qualifier) else "our"  # "the allowance for our team is ..."
    if owner == "the" and last not in _PROJECT_THINGS and not (is_time(obj) and re.match(r"(?:at|on)\s", obj, re.I)):
        return []  # "the weather is nice": not about the user or their work; "the standup is at 9:15" is
    if m["fav"]:
        if thing in ("drink", "beverage", "hot drink"):
            statement = f"The user prefers to drink {obj}"
            return [_fact("user", "drinks", obj, "preference", conf, statement, exclusive=True)]
        predicate = "favourite_" + thing.replace(" ", "_")
        statement = f"The user's favourite {thing} is {obj}"
        return [_fact("user", predicate, obj, "preference", conf, statement, exclusive=True)]
    predicate = re.sub(r"[\s-]+", "_", thing)
    subject, whose = ("user", "The user's") if owner == "my" else ("we", "Our")
    category = "project" if last in _PROJECT_THINGS or owner != "my" else "personal"
    category = _CATEGORY_BY_PREDICATE.get(predicate, category)
    told = "" if re.search(r"\b(?:our|my)\b", qualifier) else qualifier  # "for our team" is said by "Our"
    statement = f"{whose} {thing}{told} is {obj}"
    old = old if old and _valid_object(old) else None
    return [_fact(subject, predicate, obj, "fact", conf, statement, category=category, exclusive=True, contradicts=old)]


_USES_RE = re.compile(
    r"^(?P<subj>we|I)\s+(?:now\s+|currently\s+|mostly\s+|mainly\s+)?(?P<neg>no\s+longer\s+|do\s+not\s+|"
    r"stopped\s+)?(?:use|using|are\s+using|am\s+using|have\s+switched|switched|rely\s+on)\s+"
    r"(?:from\s+(?P<old>.+?)\s+)?(?:to\s+)?(?P<o>.+)$",
    re.I,
)


def _uses(clause: str, conf: float) -> list[Fact]:
    m = _USES_RE.match(clause)
    if not m:
        return []
    rest, old = m["o"], m["old"]
    if not old and (tail := _NOT_TAIL_RE.search(rest)):
        old, rest = tail["old"], rest[: tail.start()]
    obj = _clean(rest)
    if not _valid_object(obj):
        return []
    subject = _subject(m["subj"])
    who, verb = ("We", "use") if subject == "we" else ("The user", "uses")
    if m["neg"]:
        statement = f"{who} no longer {'use' if subject == 'we' else 'uses'} {obj}"
        return [_fact(subject, "does_not_use", obj, "fact", conf, statement, contradicts=obj)]
    old = _clean(old) if old else None
    statement = f"{who} {verb} {obj}" + (f" instead of {old}" if old else "")
    return [_fact(subject, "uses", obj, "fact", conf, statement, contradicts=old)]


_RULES: tuple[Callable[[str, float], list[Fact]], ...] = (
    _decision, _assumption, _negative_preference, _preference, _about_user, _possession, _uses,
)  # fmt: skip
