"""Issue 15, item 7: conservative reading over the whole card database (pysolver.cards.reading).

Every sentence of every card that speaks of summoning, Tributes, materials or what a player cannot do is
listed; each must be read by a reader, or make its card unread (never ignored), or be one of the
documented kinds that decide no listed play (an activated effect's text, a restriction on the rest of
the turn, destruction, chains).
"""

import re
from collections import Counter


from pysolver.cards import reading
from pysolver.cards.card import default_cards
from pysolver.cards.coverage import supported

# The sentences the issue names: summoning, Tributes, materials, what a player cannot do.
SPEAKS = re.compile(r"\bSummon|\bTribut|\bmaterial|\bcannot\b|\bcan only\b|\bneither player\b|\beach player\b", re.I)
# What must never be passed over as irrelevant: a prohibition on summoning or Tributing.
PROHIBITION = re.compile(r"\b(?:cannot|can only) (?:Normal |Special |Tribute |Fusion |Synchro |Xyz |Link |Ritual |"
                         r"Pendulum )?Summon\b|\bcannot Tribute\b|\bcannot be Tributed\b|\bcannot be used as\b", re.I)


def check_cards(cards):
    """Every sentence that speaks of summoning etc.: read, unread (and its card unsupported), or passed
    over for a documented reason. Returns the tally."""
    tally, problems = Counter(), []
    for card in cards:
        unread = {clause.clause for clause in reading.unread_clauses(card)}
        if (supported(card) is None) != (not unread):
            problems.append(f"{card.name}: supported() and unread_clauses() disagree")
        rules = set(reading.rule_sentences(card))
        for sentence in reading.sentences(card):
            if not SPEAKS.search(sentence.text):
                continue
            if sentence in rules:
                if reading.is_read(card, sentence.text):
                    tally["read"] += 1
                elif sentence.text in unread:
                    tally["unread (card not supported)"] += 1
                else:
                    problems.append(f"{card.name}: rule sentence neither read nor unread: {sentence.text!r}")
            elif sentence.activated or re.match(r"(?:When|[A-Z][^.]*?:)", sentence.text):
                tally["part of an activated effect"] += 1
            elif re.search(r"\bthis turn\b|\bthe turn\b|\buntil the end of\b", sentence.text, re.I):
                tally["a restriction on the rest of the turn (effects.clauses, the history)"] += 1
            else:
                tally["decides no listed play"] += 1
                if PROHIBITION.search(sentence.text) and not re.search(
                        r"in response to|cannot be negated|to activate|would be|unaffected|once per (?:turn|Duel)",
                        sentence.text, re.I) and not card.is_spell_trap:
                    problems.append(f"{card.name}: a prohibition passed over: {sentence.text!r}")
    return tally, problems


def test_issue15_7_every_rule_sentence_of_the_built_in_pool_is_read_or_unread():
    tally, problems = check_cards(default_cards())
    assert not problems, "\n".join(problems)
    assert tally["read"] > 50 and tally["unread (card not supported)"] > 10


def test_issue15_7_every_rule_sentence_of_the_card_database_is_read_or_unread(real):
    tally, problems = check_cards(real)
    print("\n" + "\n".join(f"{count:6d}  {what}" for what, count in tally.most_common()))
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
    assert tally["read"] > 1000 and tally["unread (card not supported)"] > 500   # 994 at 2026-12-03, falling as more is read


def test_issue15_7_rule_sentences_on_real_cards(real):
    """Dated examples: each sentence and what becomes of it."""
    # read: the Normal Summon rules (NS-6), the Special Summon limits (SP-2), a procedure (SP-1)
    # its stats on the field are not its card's ("..., but its original ATK becomes 1900"; "If this card is Normal
    # Summoned without Tributing, its Level becomes 4"), and a position does not record how it was summoned:
    # every play that uses it is uncertain (the Level of a Synchro Material, an ATK filter)
    for name in ("Beast King Barbaros", "Performapal Drummerilla", "Qliphort Helix"):
        (stats,) = reading.unread_clauses(real[name])
        assert stats.scope == "play" and not stats.lock and "becomes" in stats.clause
    assert reading.unread_clauses(real["Cyber Dragon"]) == ()
    assert reading.unread_clauses(real["Elemental HERO Gaia"]) == ()     # Must be Fusion Summoned and ...
    # a Contact Fusion's own procedure is read (SP-1: effects.contact_fusion), except in the forms not read
    # ("during a Duel you Special Summoned ..."): that card is unread, not "never summonable"
    assert reading.unread_clauses(real["Elemental HERO Aqua Neos"]) == ()
    (contact,) = reading.unread_clauses(real["Ultimate Crystal Rainbow Dragon Overdrive"])
    assert contact.clause.startswith("Must be Special Summoned (from your Extra Deck) during a Duel you Special Summoned")
    assert reading.family(contact).startswith("Contact Fusion")
    # "You can only control 1 "Kaiju" monster" is read (UNQ-1: uniques), and "There can only be 1 "Malefic" monster
    # on the field" (SUMC-2); Malefic Territory's rewriting of that rule is an unread lock
    assert reading.unread_clauses(real["Gameciel, the Sea Turtle Kaiju"]) == ()
    assert reading.unread_clauses(real["Malefic Truth Dragon"]) == ()
    (rewrite,) = [c for c in reading.unread_clauses(real["Malefic Territory"]) if "becomes" in c.clause]
    assert rewrite.lock and rewrite.scope == "play"
    # a clause of a trigger effect about what it summons is not the card's own (Box of Friends)
    assert reading.unread_clauses(real["Box of Friends"]) == ()
    # an attack clause only decides attacks (Wattkyuki's "This card can attack directly." is read: BP-4)
    assert reading.unread_clauses(real["Wattkyuki"]) == ()
    # "This card must attack if able." is read (BPO-1); "must attack" said of the opponent's monsters, with a
    # condition BPO-1 does not read, is an unread lock on attacks
    assert reading.unread_clauses(real['Karakuri Soldier mdl 236 "Nisamu"']) == ()
    (attack,) = reading.unread_clauses(real["Magnet Warrior Sigma Plus"])
    assert attack.scope == "attack" and attack.lock


def test_xyz_4_alternative_procedures_are_read_on_real_cards(real):
    """XYZ-4 (pysolver.cards.extra_deck_text.alternative_xyz): the forms read, and those left unread."""
    from pysolver.cards.extra_deck_text import alternative_xyz
    from pysolver.cards.requirements import describe

    def read(name):
        found = alternative_xyz(real[name])
        return found and (describe(found.filter, plural=False), found.once_per_turn, found.main_phase_2,
                          found.min_attached, found.max_attached)
    assert read("Number C39: Utopia Ray") == ('"Number 39: Utopia"', False, False, 0, None)
    assert read("Cyber Dragon Infinity") == ('"Cyber Dragon Nova"', True, False, 0, None)
    assert read("Number S39: Utopia the Lightning") == ('Rank 4 "Utopia" monster', False, False, 0, None)
    assert read("Downerd Magician") == ("Rank 3 or lower Xyz Monster", False, True, 0, None)
    assert read("Constellar Ptolemy M7") == ('"Constellar" Xyz Monster, except "Constellar Ptolemy M7"',
                                             False, False, 0, None)
    assert read("Exstellarknight Constellar Ptolemy Ω7") == ('"tellarknight" or "Constellar" Xyz Monster',
                                                             True, True, 0, None)
    assert read("Zoodiac Broadbull") == ('"Zoodiac" monster, except "Zoodiac Broadbull"', True, False, 0, None)
    assert read("Expurrely Noir") == ("Rank 2 monster", False, False, 5, None)
    assert read("Full Armored Black Ray Lancer") == ("Rank 3 WATER Xyz Monster", False, False, 0, 0)
    assert read("Number 84: Pain Gainer")[0] == ("Rank 8 DARK Xyz Monster or Rank 9 DARK Xyz Monster or "
                                                 "Rank 10 DARK Xyz Monster")
    assert read("Number 69: Heraldry Crest - Shatter Stream")[0] == '"Number 69: Heraldry Crest"'
    for name in ("Number C39: Utopia Ray", "Cyber Dragon Infinity", "Downerd Magician", "Zoodiac Broadbull"):
        assert reading.unread_clauses(real[name]) == (), name
    # AXZ-1..AXZ-3: a hand cost, a detach, a GY condition are read
    for name in ("Number C32: Shark Drake LeVeiss", "Number 21: Frozen Lady Justice",
                 "Dark Armed, the Dragon of Annihilation", "Beatrice, Lady of the Eternal"):
        assert reading.unread_clauses(real[name]) == (), name
    assert alternative_xyz(real["Number S0: Utopic ZEXAL"]).hand_cost.normal_spell
    assert alternative_xyz(real["Digital Bug Corebage"]).detach == 2
    # AXH-1: an activation this turn is read
    assert alternative_xyz(real["Kashtira Arise-Heart"]).after_activation == "Kashtira Shangri-Ira"
    assert reading.unread_clauses(real["Kashtira Arise-Heart"]) == ()
    # a condition on the turn or on the monster the position does not record: not read, still reported
    for name in ("Jupiter the Power Patron of Destruction", "Dark Ceruvim Irisfil", "Super Starslayer TY-PHON - Sky Crisis",
                 "Divine Arsenal AA-ZEUS - Sky Thunder", "Vanquish Soul Rocks"):
        assert alternative_xyz(real[name]) is None, name
        assert any(reading.family(c).startswith("alternative Xyz Summon") for c in reading.unread_clauses(real[name])), name
