"""Which language a request is written in, deterministically: function-word ratios and the script.

The offline roles read English only. A request is judged by its most frequent function words (articles,
pronouns, prepositions: the words every sentence of a language is built from, whatever its topic) and,
for letters outside the Latin script, by the script itself. Names and figures are in every language, so a
request is only called foreign when its function words say so clearly.
"""

from __future__ import annotations

import re
import unicodedata

from cognicore.orchestrator.scope import ASKS

ENGLISH = "English"

# The commonest function words per language (no topic words), each list written for its language.
_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    ENGLISH: frozenset(
        "the a an of to in on for with and or is are was were be what which who how do does did i me my we our "
        "you your it this that from by at as not last each per than "
        # chat English: "just so u know", "im out till friday" (the Dutch "u" alone must not outvote it)
        "so just u ur im till until out be has have will can if but there".split()
    ),
    "German": frozenset(
        "der die das den dem des ein eine einen einem einer und oder ist sind war waren wie was wer welche "
        "welcher welches ich mir mich wir uns unser unsere sie ihr es nicht mit für von zu im auf aus bei "
        "nach über letzten letzte diesem dieser dieses zeig zeige bitte jahr pro "
        # questions about counts and states: "wie viele Tickets hat Ben?", "gibt es noch offene?"
        "viele viel hat haben gibt noch alle wurde wurden wird werden".split()
    ),
    "Spanish": frozenset(
        "el la los las un una unos unas y o es son fue era qué que cuál cuáles quién cómo cuánto cuántos yo "
        "me mi nosotros nuestro nuestra nuestros usted del al de en con por para según pero no muéstrame "
        "dame por favor año último última "
        # written without accents, and the verbs of counting questions: "cuantos pedidos tuvimos en 2025"
        "cuantos cuantas cuántas cuanto cual cuales hay tenemos tuvimos hemos tiene tienen esta estan están "
        "todavía".split()
    ),
    "French": frozenset(
        "le la les un une des et ou est sont était quel quelle quels quelles qui comment combien je me moi "
        "nous notre nos vous votre du au aux de en avec pour par sur dans pas ne montre montrez donne "
        "donnez s'il plaît année dernier dernière".split()
    ),
    "Italian": frozenset(
        "il lo la i gli le un una uno e o è sono era quale quali chi come quanto quanti io mi noi nostro "
        "nostra nostri voi del della dei delle al alla di in con per su non mostra mostrami dammi anno "
        "ultimo ultima "
        # "quanti ordini abbiamo ricevuto nel 2025?": articles joined to prepositions, and the commonest verbs
        "nel nella nei negli sul sulla dal dalla abbiamo avete hanno ha ho quante ancora".split()
    ),
    "Portuguese": frozenset(
        "o a os as um uma e ou é são foi era qual quais quem como quanto quantos eu me meu minha nós nosso "
        "nossa você do da dos das no na em com por para não mostre mostra me dê ano último última "
        # "quantos tickets estão abertos?", "quantas unidades vendemos"
        "quantas estão está estao tem têm há foram ainda".split()
    ),
    "Dutch": frozenset(
        "de het een en of is zijn was waren wat welke wie hoe hoeveel ik mij mijn wij we ons onze jij u "
        "van in met voor op naar bij niet toon laat geef alsjeblieft jaar vorige laatste per "
        # "hoeveel tickets staan nog open?"
        "nog staan staat hebben heeft hadden er hun".split()
    ),
    "Swedish": frozenset(
        "hur många mycket vad vilka vilken vem och det som en ett för av till med på inte vi har hade är var "
        "våra vår finns fortfarande".split()
    ),
    "Danish or Norwegian": frozenset(
        "hvor mange meget hvad hvilke hvem og det som en et for af av til med på ikke vi har havde hadde er var "
        "vores vår fik fikk stadig".split()
    ),
    "Polish": frozenset(
        "ile jak co czy jest są nie na do dla mamy mieliśmy jaki jaka jakie który która się przez od".split()
    ),
    "Turkish": frozenset("kaç ne nasıl bir ve ile için var yok mi mı mu mü bu hangi kadar daha çok".split()),
    "Czech": frozenset("kolik jak co je jsou není na do pro jsme máme měli jaký jaká které se od".split()),
    "Finnish": frozenset("kuinka montako paljonko mitä mikä mitkä on ovat ja ei oli meillä meidän vielä".split()),
}
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)
MIN_FOREIGN_HITS = 2  # one shared word ("a", "per", "no") is never enough to call a request foreign


def _script(text: str) -> str | None:
    """The non-Latin script most of the letters are in (e.g. "Cyrillic", "Cjk"), or None for Latin text."""
    counts: dict[str, int] = {}
    letters = 0
    for ch in text:
        if not ch.isalpha():
            continue
        letters += 1
        name = unicodedata.name(ch, "")
        script = name.split(" ")[0] if name else "UNKNOWN"
        if script != "LATIN":
            counts[script] = counts.get(script, 0) + 1
    if not letters or not counts:
        return None
    script = max(counts.items(), key=lambda kv: (kv[1], kv[0]))[0]  # mixed scripts (kanji, kana): the commonest
    return script.title() if sum(counts.values()) * 2 > letters else None


def detect_language(text: str) -> str:
    """The language of `text` by its function words (English when unclear: names and numbers are universal)."""
    script = _script(text)
    if script is not None:
        return f"the {script} script"
    tokens = [t.lower() for t in _WORD.findall(text)]
    if not tokens:
        return ENGLISH
    hits = {lang: sum(t in words for t in tokens) for lang, words in _FUNCTION_WORDS.items()}
    english = hits.pop(ENGLISH)
    lang, best = max(hits.items(), key=lambda kv: (kv[1], kv[0]))
    # Foreign only when its own function words clearly outnumber English ones (shared words count for both).
    if best >= MIN_FOREIGN_HITS and best > english and best / len(tokens) >= 0.2:
        return lang
    return ENGLISH


def unsupported_language(text: str) -> str | None:
    """The language `text` is written in when the offline engine does not read it, else None."""
    lang = detect_language(text)
    return None if lang == ENGLISH else lang


# A wish or a wonder wrapped around an English question ("I wonder how many ...", "I'm curious which ...", "would
# love a short report on ..."): the wrapper asks nothing itself; the question or request inside it is what is meant.
_WISH = re.compile(
    r"^\s*(?:(?:hi|hey|hello|so|ok(?:ay)?|hmm+)[,!\s]+)?"
    r"(?:(?:i\s+(?:was\s+|am\s+|'m\s+)?)?wonder(?:ing)?|i(?:'m|\s+am)\s+curious(?:\s+(?:about|to\s+know))?|just\s+curious|"
    # "I forgot who my manager is", "can't remember which office I'm in": a question the speaker cannot answer.
    r"(?P<forgot>(?:i\s+)?(?:(?:totally|completely|just)\s+)?(?:forgot|forget|(?:can'?t|cannot|can\s+not|don'?t|"
    r"do\s+not)\s+(?:remember|recall)|(?:i'?m\s+|i\s+am\s+)?not\s+sure|(?:don'?t|do\s+not)\s+know|"
    r"(?:i\s+have\s+|i'?ve\s+)?(?:no|zero)\s+idea))|"
    r"curious|(?:i(?:'d|\s+would)\s+|would\s+)?(?:love|like)\s+to\s+(?:know|see|find\s+out)|"
    r"(?:do\s+you|does\s+anyone)\s+know|any\s+idea|(?:i(?:'d|\s+would)\s+|would\s+)love|"
    r"(?:i\s+)?(?:really\s+|just\s+)?(?:need|want))"
    r"\s*[,:-]?\s+(?P<inner>(?:how|what|which|who|when|where|why|whether|if|a|an|the|some)\b.+)$",
    re.IGNORECASE,
)
_ASKS_INSIDE = re.compile(r"^(?:how|what|which|who|when|where|why)\b", re.IGNORECASE)


# A lead-in that asks to be told what follows and has no object of its own ("remind me, how many ...", "quick one -
# which ...", "out of interest, what ...", "can you tell me who ..."): part of the question after it, never a request
# of its own. "remind me to call Ana" and "tell me a joke" have their own object and are not lead-ins.
_LEAD_IN = re.compile(
    r"^\s*(?:(?:hi|hey|hello|so|ok(?:ay)?|hmm+)[,!\s]+)?"
    r"(?:(?P<told>(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?(?:remind|tell)\s+(?:me|us)(?:\s+again)?)|"
    r"(?:a\s+|one\s+)?quick\s+(?:one|question|q|query)|(?:a\s+)?question\s+for\s+you|"
    r"(?:just\s+)?(?:out\s+of|for\s+my\s+own)\s+(?:interest|curiosity)|just\s+(?:wondering|checking|asking))"
    r"(?P<mark>\s*(?:[,:;!\u2013\u2014-]+|\.{2,}|\u2026))?\s+(?P<inner>\S.*)$",
    re.IGNORECASE,
)
# What opens a question asked directly: a wh-word, or (after the lead-in's punctuation) an auxiliary verb.
_AUX_FIRST = re.compile(
    r"^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|any)\b", re.IGNORECASE
)

_LATER_NOTICE = re.compile(r"^(?:when|once|if|whether)\b", re.IGNORECASE)


def _led_in(text: str) -> str | None:
    """The question after a lead-in without an object of its own ("Remind me, how many tickets are we aiming to
    close?" -> "how many tickets are we aiming to close?"), an embedded one asked directly ("tell me what shift I'm
    on" -> "what shift am I on"); None when there is no such lead-in or what follows it is not a question."""
    m = _LEAD_IN.match(text)
    if m is None:
        return None
    inner = m.group("inner").strip()
    if _ASKS_INSIDE.match(inner) and m.group("told") and not m.group("mark"):
        asked = _direct_question(inner)
        # "tell me when the server is back up" asks to be told later, an errand; "remind me when the review is" asks
        return None if asked == inner and _LATER_NOTICE.match(inner) else asked
    if _ASKS_INSIDE.match(inner):
        return inner
    # after its mark, a question asked with an auxiliary first ("quick one: is ...?") or an order ("quick one - list
    # the open P1s"); a lead-in that asks to be told ("remind me") takes its object without a mark
    direct = bool(_AUX_FIRST.match(inner) or (ASKS.match(inner) and not m.group("told")))
    return inner if m.group("mark") and direct and len(inner.split()) >= 3 else None


def unwrap_wish(text: str) -> str:
    """The question or request inside a wish ("I wonder how many orders came in" -> "how many orders came in") or
    after a lead-in (`_led_in`), or `text` unchanged. A wonder is unwrapped only around a wh-question, a wish ("would
    love a ...") only around what it wants; "I wonder if" and "I'd love to know whether" stay as written (yes/no
    questions read the same)."""
    if (led := _led_in(text)) is not None:
        return unwrap_wish(led)
    m = _WISH.match(text)
    if m is None:
        return text
    inner = m.group("inner").strip()
    wonders = not re.search(r"\b(?:love|need|want)\s*[,:-]?\s*$", text[: m.start("inner")].rstrip(), re.IGNORECASE)
    if wonders and not _ASKS_INSIDE.match(inner):
        return text
    if m.group("forgot"):
        inner = _direct_question(inner)
    return inner if len(inner.split()) >= 3 else text


# An embedded question in its own word order ("who my manager is", "what shift i'm on"), asked directly.
# The noun a wh-word may take ("which office"), never the start of the subject ("who my manager is").
_NOUN = r"(?:\s+(?!(?:my|our|the|your|his|her|their|its|i|we|you|it|this|that|these|those)\b)\w+)?"
_EMBEDDED_BE_LAST = re.compile(
    r"^(?P<wh>(?:what|which|who|where|when|how)" + _NOUN + r")\s+(?P<subj>.+?)\s+(?P<be>is|are|was|were)$", re.I
)
_EMBEDDED_I_AM = re.compile(
    r"^(?P<wh>(?:what|which|who|where|when|how)" + _NOUN + r")\s+(?P<subj>i|we)(?:'m|'re|\s+am|\s+are)\s+", re.I
)


_EMBEDDED_VERB = re.compile(
    r"^(?P<wh>(?:what|which|who|where|when|how)" + _NOUN + r")\s+(?P<subj>i|we)\s+"
    r"(?P<rest>(?!(?:am|are|was|were|'m|'re|do|did|can|could|will|would|should|have|had)\b)[a-z].*)$",
    re.I,
)


def _direct_question(inner: str) -> str:
    """ "who my manager is" -> "who is my manager", "what shift i'm on" -> "what shift am i on"."""
    text = inner.rstrip(" ?.!")
    if m := _EMBEDDED_BE_LAST.match(text):
        return f"{m['wh']} {m['be']} {m['subj']}"
    if m := _EMBEDDED_VERB.match(text):  # "which building i sit in" -> "which building do i sit in"
        return f"{m['wh']} do {m['subj']} {m['rest']}"
    if m := _EMBEDDED_I_AM.match(text):
        be = "am" if m["subj"].lower() == "i" else "are"
        return f"{m['wh']} {be} {m['subj']} {text[m.end() :]}"
    return inner
