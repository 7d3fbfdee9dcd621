"""Card text -> what a monster's own text says about attack declarations (BP-3..BP-14, docs/battle-rules.md).

The frequent wordings whose meaning is exact and which decide, alone, which attack declarations are legal
in one turn (the engine's single-card effects of the same name in brackets):

* BP-4 "This card can attack (your opponent) directly." (EFFECT_DIRECT_ATTACK) and "Cannot attack
  directly." / "This card cannot attack your opponent directly." (EFFECT_CANNOT_DIRECT_ATTACK);
* BP-5 "This card can make a second attack during each Battle Phase." / "can attack twice" / "can make a
  second and third attack" (EFFECT_EXTRA_ATTACK 1 or 2) and "This card can make up to N attacks on
  monsters during each Battle Phase." (EFFECT_EXTRA_ATTACK_MONSTER N-1: the extra attacks are on monsters
  only, and none after a direct attack);
* BP-6 "This card can attack while in face-up Defense Position." (EFFECT_DEFENSE_ATTACK);
* BP-7 "Cannot attack unless it has (Xyz) Material." (EFFECT_CANNOT_ATTACK while it has none);
* BP-8 "Your opponent's monsters cannot target this card for attacks." (EFFECT_CANNOT_BE_BATTLE_TARGET:
  it still stands in the way of a direct attack) and "This card cannot be targeted for attacks, but does
  not prevent your opponent from attacking you directly." (EFFECT_IGNORE_BATTLE_TARGET);
* PRC-1 BP-8 also as "Monsters your opponent controls / Your opponent cannot target this card for attacks." and
  "Your opponent cannot select this card as an attack target.", and after a condition of the position that
  `pysolver.cards.presence` reads ("While you control another "Ghostrick" monster, ", "While this card points to a
  Synchro Monster(s), ");
* BP-9 "This card cannot attack." (EFFECT_CANNOT_ATTACK); BP-7 "While this card has no Xyz Materials, it
  cannot attack."; BP-4 "... can attack directly while it has Xyz Material." / "Cannot attack directly
  unless it has material."; BP-5 "While this card has material, it can attack a number of times each
  Battle Phase, up to the number of materials attached to it.";
* BP-10 "Your opponent's monsters cannot target monsters for attacks, except this one." and its wordings
  (EFFECT_CANNOT_SELECT_BATTLE_TARGET on the opponent's monsters), also after "While this card is in the
  Main (Extra) Monster Zone, ", "While this card is in face-up Defense Position, " or "While a card is in a
  Field Zone, "; and on one kind of face-up monster: "Your opponent cannot target face-up Warrior-Type
  monsters for attacks, except this one.";
* BP-13 "Other monsters you control cannot attack / declare an attack." (its controller's other monsters);
* BP-5 "During each Battle Phase, this card can make attacks on monsters up to the number of Xyz
  Materials it has +1."; BP-12 "This card with material can attack all monsters ... once each.";
* BP-14 "While all monsters you control are in Defense Position, your opponent cannot declare an attack."
  and "While your opponent has N or less cards in their hand and this card is the only monster you
  control, your opponent cannot declare an attack." (EFFECT_CANNOT_ATTACK_ANNOUNCE on the opponent);
* BP-11 "Monsters this card points to cannot attack." (EFFECT_CANNOT_ATTACK on its linked monsters) and
  "Your opponent's monsters cannot target monsters this card points to for attacks."; BP-8 "While this
  card points to a monster(s), your opponent's monsters cannot target this card for attacks.";
* BP-12 "This card can attack all monsters your opponent controls, once each." (EFFECT_ATTACK_ALL);
* BP-15 "This card cannot attack during the turn it is Normal or Special Summoned." (EFFECT_CANNOT_ATTACK
  registered by its summon events), and, for a monster never Normal Summoned or Set (NS-7), "Cannot attack
  the turn it is Special Summoned." / "This card can attack directly the turn it is Special Summoned.";
* BP-16 "Level 4 or higher monsters cannot attack.", "Monsters cannot attack, except Link Monsters.", "Your
  opponent's monsters cannot declare attacks.", "Neither player can declare attacks, except with Synchro
  Monsters." (a field EFFECT_CANNOT_ATTACK / _ANNOUNCE): locks of monsters and of Spells and Traps;
* BPA-2 "Cannot attack the turn it is Summoned." (Normal, Flip or Special) and "While you control "Toon World"
  and your opponent controls no Toon monsters, this card can attack (your opponent) directly.";
* BP-17 "If this card attacks ..., it gains N ATK during the Damage Step only." and the like: read as
  deciding no play (Spells and Traps too: with BP-16, the only attack sentences of theirs read).
* BPX-1 "Your "Ninja" monsters can attack directly." and BPX-2 "Your Tuners can make a second attack during each
  Battle Phase." (a field EFFECT_DIRECT_ATTACK / EFFECT_EXTRA_ATTACK on its controller's monsters of a kind);
  BPX-3 "This card can attack directly while in Defense Position."; BPX-4 "While you have any Set card(s) in your
  Spell & Trap Zone, this card can attack your opponent directly."; BPX-5 BP-16 "While this face-up card has Xyz
  Material, " and "<monsters> cannot attack the turn they are Normal or Special Summoned."; BPX-1 also "... while
  your opponent controls a face-down monster." and "While 3 or more Xyz Materials are attached to monsters on the
  field, ..."; BPX-6 "Cannot attack directly unless this card has a Normal Monster as material."; BPX-7 "This card
  can attack your opponent directly if the only face-up monsters they control are EARTH, WATER, or FIRE." and "Can
  attack directly while it is not co-linked." (also "If the only face-up monsters you control are ..."); BPX-8 "If
  you have no cards in your hand, ..." and "If all monsters your opponent controls are in Defense Position, this
  card can attack your opponent directly."; BPX-9 "This card can attack all face-up LIGHT monsters your opponent
  controls once each."; BPX-10 "If this card has any number of "Raidraptor" monsters as material, it can attack up
  to that many times during each Battle Phase."; BPX-11 "This card can attack twice during the same turn."; BPX-12
  "Cannot attack if you control another monster."; BPX-13 "While you control no other monsters, this card can attack
  all monsters your opponent controls, once each."; BPX-14 "Can make a second attack during each Battle Phase, while
  a Level 10 or higher monster is banished."; BPX-15 "You must pay 1000 Life Points to declare an attack with this
  card."; BPX-16 "Monsters your opponent controls cannot attack "Amazoness" monsters you control, except this
  one."; BPX-17 "Can make a second attack during each Battle Phase." in the bullets of "Gains the following effects
  while this card points to an "R.B." monster."; BPX-18 "While this card is in the center Main Monster Zone, neither
  player can declare attacks, except with monsters in their center Main Monster Zones."; BPX-19 "This card cannot be
  destroyed by your opponent's card effects, and cannot be targeted for attacks, but does not prevent your opponent
  from attacking you directly." (BP-8's second wording; the destruction half constrains no play, TGT-6); BPX-20
  "While you control a Link Monster, monsters your opponent controls cannot target monsters you control for attacks,
  except this one, also your opponent cannot target monsters you control with card effects, except this one." and
  "... cannot target other monsters you control for attacks, ..." (BP-10 under PRC-1's leads, with or without a
  protection that `pysolver.cards.protections` reads whole, TGT-7); BPX-21 BP-8 after "While you control a face-down
  Defense Position monster, " and "While this card points to a monster(s), this card cannot be targeted for an attack,
  also <protection>."; BPX-22 "Monsters your opponent controls cannot target face-up "Ghostrick" monsters, or any
  face-down Defense Position monsters, for attacks, except this one."; BPX-24 "This linked card cannot be targeted by
  your opponent's card effects, or their monsters' attacks." (BP-8 while it is linked, with its protection); BPX-25
  BP-10's "..., except this one, also <protection>." and "<protection>, also <BP-8 of this card>." (TGT-10); BPX-26
  "Can make a second attack during each Battle Phase." in the bullets of "While <a condition of the position>, this
  card gains these effects."; BPX-27 "Each of your opponent's monsters in the same column as one of your "S-Force"
  monsters cannot target the monsters in its same column for attacks.".
* BPM-1 "This card can attack all Special Summoned monsters your opponent controls, once each." (BPX-9 on the
  opponent's Special Summoned monsters); BPM-2 "Can attack your opponent directly, unless they control a Toon monster,
  in which case this card must target a Toon monster for its attacks."; BPM-3 'Your opponent can only target
  "Elemental HERO Poison Rose" for attacks.'.
* BPN-1 "This card can attack all monsters your opponent controls, once each, also banish any monster destroyed by battle
  with this card." (BP-12; the banishing follows a battle, which no listed play carries out); BPN-2 BP-16's exception
  "Pendulum Monsters without a Level" (Xyz and Link Monsters of that kind); BPN-3 "Other monsters on the field cannot
  change their battle positions or attack." (BP-16 on both players but this card, and no change of battle position or
  Flip Summon of another monster); BPN-4 "While this card is in Attack Position, your opponent takes any effect damage
  you would have taken from their card effects, instead." (read as deciding no play: pysolver inflicts no damage); BPN-5
  "If this card attacks a face-down Defense Position monster, you can destroy the monster immediately with this card's
  effect without flipping it face-up or applying damage calculation." (read as deciding no play: inside a battle).
* BPN-6 "This card can attack directly if it is the only card in its column." (no other card in the Monster Zones and
  Spell & Trap Zones of its column).

Each applies while the monster is face-up on the field with its effects applying (not a Gemini monster
that is not Gemini Summoned, GEM-1; not a monster whose effects are negated, TOK-1). A sentence is read
only when it is a rule sentence of the monster text standing alone: one in a bullet list after a lead
("gains these effects while ...", "apply 1 of these effects") is conditional and stays unread, except the
bullet of a Gemini monster (the Gemini wording is its condition: GEM-2) and BPX-17's. Everything else about
attacks (other Toon World wordings, "must attack", BPM-1's sentence under a condition, attacking again after
destroying a monster, paying LP for another monster's attack, the turn it is Summoned other than BP-15, conditions
on BP-10) stays unread (`pysolver.cards.reading`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .card import Card
from .sentences import control_count_bullets, sentences, used_count_bullets

_SUBJECT = r"(?:This card|This monster)"
_DIRECT = re.compile(rf"(?:{_SUBJECT} can|Can) attack (?:your opponent |your opponent's Life Points )?directly"
                     r"(?: even if there is a monster on your opponent's side of the field)?\.")
_NO_DIRECT = re.compile(rf"(?:{_SUBJECT} cannot|Cannot) attack (?:your opponent )?directly\.")
_EXTRA = re.compile(rf"(?:{_SUBJECT} can|Can) (?P<what>make a second attack|attack twice|make a second and third attack)"
                    r" during (?:(?:each|the same) Battle Phase|the same turn)\.")   # BPX-11: "... the same turn"
_ON_MONSTERS = re.compile(rf"(?:{_SUBJECT} can|Can) make up to (?P<count>[2-9]) attacks on monsters during each Battle"
                          r" Phase\.")
_DEFENSE = re.compile(rf"(?:{_SUBJECT} can|Can) attack while (?:in face-up Defense Position|it is in Defense Position)\.")
_MATERIAL = re.compile(rf"(?:{_SUBJECT} cannot|Cannot) attack unless it has (?:Xyz )?[Mm]aterials?\.")
_NOT_TARGET = re.compile(r"(?:(?:Your opponent's monsters|Monsters your opponent controls|Your opponent) cannot target this card "
                         r"for attacks|Your opponent cannot select this card as an attack target)\.")
# PRC-5: "<BP-8 clause>, also <a protection that pysolver.cards.protections reads>"
_NOT_TARGET_ALSO = re.compile(r"(?P<bp8>(?:Your opponent's monsters|Monsters your opponent controls|Your opponent|Monsters) cannot "
                              r"target this card for attacks|This card cannot be targeted for an attack), also "
                              r"(?P<rest>.+)\.")    # BPX-21: Saizo's "This card cannot be targeted for an attack"
# BP-9 (EFFECT_CANNOT_ATTACK)
_CANNOT = re.compile(rf"(?:{_SUBJECT} cannot|Cannot) attack\.")
# BP-7 (EFFECT_CANNOT_ATTACK while it has none)
_NO_MATERIAL = re.compile(r"While this card has no (?:Xyz )?[Mm]aterials?, it cannot attack\.")
# BP-4 with an Xyz Material condition (EFFECT_DIRECT_ATTACK while it has one; EFFECT_CANNOT_DIRECT_ATTACK while not)
_DIRECT_MATERIAL = re.compile(rf"{_SUBJECT} can attack (?:your opponent )?directly while it has (?:Xyz )?[Mm]aterials?\.")
_NO_DIRECT_MATERIAL = re.compile(rf"(?:{_SUBJECT} cannot|Cannot) attack (?:your opponent )?directly unless it has "
                                 r"(?:Xyz )?[Mm]aterials?\.")
# BP-5 with the count of its Xyz Materials (EFFECT_EXTRA_ATTACK: materials - 1, while it has material)
_PER_MATERIAL = re.compile(r"While this card has (?:Xyz )?[Mm]aterials?, it can attack a number of times each Battle "
                           r"Phase, up to the number of (?:Xyz )?[Mm]aterials attached to it\.")
# BP-10 (EFFECT_CANNOT_SELECT_BATTLE_TARGET on the opponent's monsters: every monster but this one)
_ONLY_TARGET = re.compile(r"(?:(?:Your opponent's monsters|Monsters your opponent controls|Your opponent) cannot target "
                          r"monsters for attacks|(?:Your opponent's monsters|Monsters your opponent controls) cannot "
                          r"attack (?:any )?monsters), except this one\.")
# BPX-20: BP-10 said of the monsters its controller controls (the same EFFECT_CANNOT_SELECT_BATTLE_TARGET: the opponent's
# monsters attack no monster of its controller's but this one), also joined by ", also" to a protection
_ONLY_TARGET_OWN = re.compile(r"(?:Your opponent's monsters|Monsters your opponent controls) cannot target (?:other "
                              r"monsters you control for attacks|monsters you control for attacks, except this one)\.")
_ONLY_TARGET_ALSO = re.compile(r"(?P<bp10>(?:Your opponent's monsters|Monsters your opponent controls) cannot target (?:"
                               r"other monsters you control for attacks|monsters you control for attacks, except this "
                               r"one|monsters for attacks, except this one)), also (?P<rest>.+)\.")   # the last: BPX-25
# BPX-25: "<a protection>, also <BP-8 of this card>" (Gullveig of the Nordic Ascendant)
_ALSO_NOT_TARGET = re.compile(r"(?P<rest>.+), also (?:[Yy]our opponent's monsters|[Mm]onsters your opponent controls|"
                              r"[Yy]our opponent) cannot target this card for attacks\.")
_IGNORED = re.compile(r"This card (?:cannot be destroyed by (?:your opponent's )?card effects, and )?cannot be targeted "
                      r"for attacks, but does not prevent your opponent from attacking you directly\.")   # BPX-19
# LPC-2: BP-5 while its current ATK is above its original ATK (Cyber End Dragon the Decisive Strike Dragon; the engine's
# EFFECT_EXTRA_ATTACK with the condition GetAttack() > GetBaseAttack()). A position records printed values, so its
# current ATK is its original one and it gains no attack; while its ATK may be changed (STM-1, STM-2, MAT-3) the
# sentence is an ATK term (STM-3, cardtext._STAT_TERM) and its plays are withheld (STM-4).
_EXTRA_IF_RAISED = re.compile(r"This card whose current ATK is higher than its original ATK can make up to \d attacks "
                              r"during each Battle Phase\.")
# BP-5 with the count of its Xyz Materials, on monsters (EFFECT_EXTRA_ATTACK_MONSTER: its materials)
_ON_MONSTERS_PER_MATERIAL = re.compile(r"During each Battle Phase, this card can make attacks on monsters up to the "
                                       r"number of Xyz Materials it has \+1\.")
# BP-12 while it has Xyz Material
_ALL_WITH_MATERIAL = re.compile(r"This card with material can attack all monsters your opponent controls,? once each\.")
# BP-14 (EFFECT_CANNOT_ATTACK_ANNOUNCE on the opponent, with a condition on its controller's side)
_LOCK_ALL_DEFENSE = re.compile(r"While all monsters you control are in Defense Position, your opponent cannot declare "
                               r"an attack\.")
_LOCK_ALONE = re.compile(r"While your opponent has (?P<count>\d) or less cards in their hand and this card is the only "
                         r"monster you control, your opponent cannot declare an attack\.")
# BP-10 on one kind of face-up monster only ("face-up Warrior-Type monsters", "face-up "Ninja" monsters")
_ONLY_AMONG = re.compile(r"(?:Your opponent|Monsters your opponent controls|Your opponent's monsters) cannot target "
                         r"face-up (?P<what>[^,.]+? monsters) for attacks, except this one\.")
# BPX-27: a column lock on the opponent's attack targets (S-Force Nightchaser: EFFECT_CANNOT_SELECT_BATTLE_TARGET on the
# opponent's monsters whose column group holds a face-up "S-Force" monster of its controller's, value: the attacker's
# column group)
_COLUMN_TARGETS = re.compile(r"Each of your opponent's monsters in the same column as one of your (?P<what>\"[^\"]+\" "
                             r"monsters) cannot target the monsters in its same column for attacks\.")
# BPX-24: BP-8 while it is linked, with a protection (Appliancer Celtopus: EFFECT_CANNOT_BE_BATTLE_TARGET and
# EFFECT_CANNOT_BE_EFFECT_TARGET while IsLinkState)
_LINKED_NOT_TARGET = re.compile(r"This linked card cannot be targeted by your opponent's card effects, or their monsters' "
                                r"attacks\.")
# BPX-22: BPX-16's kind of face-up monster and every face-down monster (Ghostrick Alucard: EFFECT_CANNOT_SELECT_BATTLE_TARGET
# on the opponent's monsters, value `c ~= e:GetHandler() and (c:IsFacedown() or c:IsSetCard(SET_GHOSTRICK))`)
_ONLY_AMONG_FACE_DOWN = re.compile(r"(?:Your opponent|Monsters your opponent controls|Your opponent's monsters) cannot "
                                   r"target face-up (?P<what>[^,.]+? monsters), or any face-down Defense Position "
                                   r"monsters, for attacks, except this one\.")
# BP-10 with the condition of its effect (the effect's condition: the zone or battle position of this card,
# a card in either Field Zone)
# LKQ-9 (docs/lock-rules.md): "While this Link Summoned card is on the field, <a protection>, also their monsters cannot
# target monsters for attacks, except this one." (Mekk-Knight Crusadia Avramax): BP-10 while it came by that Summon
_SUMMONED_ONLY_TARGET = re.compile(r"While this (?P<kind>Fusion|Synchro|Xyz|Link|Ritual) Summoned card is on the field, "
                                   r"(?P<rest>.+), also their monsters cannot target monsters for attacks, except this "
                                   r"one\.")
# LKQ-10: "Monsters your opponent controls cannot target Effect Monsters for attacks, also <protection>." (Tenyi Spirit -
# Sahasrara; the engine: EFFECT_CANNOT_SELECT_BATTLE_TARGET on the opponent's monsters, value `c:IsFaceup() and
# c:IsType(TYPE_EFFECT)`)
_KIND_NOT_TARGET_ALSO = re.compile(r"(?:Your opponent's monsters|Monsters your opponent controls) cannot target (?P<what>"
                                   r"[^,]+? (?:monsters|Monsters))(?: you control)? for attacks, also (?P<rest>.+)\.")
# TGZ-3: LKQ-10's sentence after "While this card has Xyz Material, " (Vola-Chemicritter Methydraco: the engine's condition
# `GetOverlayCount() > 0` on both halves; "Gemini monsters you control": its controller's, the only monsters attacked)
_KIND_MATERIAL_LEAD = re.compile(r"While this card has (?:Xyz )?[Mm]aterials?, ")
_WHILE = {"While this card is in the Main Monster Zone, ": "main_monster_zone",
          "While this card is in the Extra Monster Zone, ": "extra_monster_zone",
          "While this card is in face-up Defense Position, ": "defense",
          "While a card is in a Field Zone, ": "field_zone_card"}
# BP-13 (EFFECT_CANNOT_ATTACK on the other monsters of its controller)
_OTHERS = re.compile(r"Other monsters you control cannot (?:attack|declare an attack)\.")
# BPO-1: EFFECT_MUST_ATTACK, a field one on the opponent's Monster Zones or the monster's own: the turn player cannot
# leave the Battle Phase while a monster it binds can declare an attack, nor skip it while one is able to attack
_MUST_ATTACK_ALL = re.compile(r"All monsters your opponent controls must attack, if able\.")
_MUST_ATTACK_SELF = re.compile(r"This card must attack,? if able\.")
# BPO-2: with EFFECT_MUST_ATTACK_MONSTER (value: the card itself): they attack only this card
_MUST_ATTACK_THIS = re.compile(r"(?:All m|M)onsters your opponent controls (?:that can attack must attack this card|must "
                               r"attack this card, if able)\.")
# MST-1: BPO-2 with EFFECT_MUST_ATTACK_MONSTER valued on its controller's face-up monsters of the highest ATK (Chevreuil,
# Hunting Scout of the Deep Forest; Cerynemesia, Mystical Beast of the Forest)
_MUST_ATTACK_HIGHEST = re.compile(r"Your opponent's monsters that can attack must attack the monster you control with the "
                                  r"highest ATK \(their choice, if tied\)\.")
# BP-8 while this Link Monster points to a monster (EFFECT_CANNOT_BE_BATTLE_TARGET with that condition)
_NOT_TARGET_POINTING = re.compile(r"While this card points to a monster\(s\), your opponent's monsters cannot target "
                                  r"this card for attacks\.")
# BP-11 for attacks on the monsters it points to (EFFECT_CANNOT_BE_BATTLE_TARGET on its linked monsters)
_POINTED_NOT_TARGET = re.compile(r"Your opponent's monsters cannot target monsters this card points to for attacks\.")
# BP-11 (EFFECT_CANNOT_ATTACK on the monsters its arrows point to, on either side)
# ATQ-1: "..., also their activated effects are negated" (Gorgon of Zilofthonia: the engine negates, as they resolve, the
# activated effects of its linked monsters): the activations pysolver lists on the field are recorded only (NGT-3), so
# the negation changes no play
_POINTED = re.compile(r"(?:Monsters|A monster|The monster) this card points to cannot attack(?:, also their activated "
                      r"effects are negated)?\.")
# ATQ-2: "While this card is in the Extra Monster Zone, monsters your opponent controls cannot target "Nephthys" monsters
# in the Main Monster Zones for attacks." (the engine: EFFECT_CANNOT_SELECT_BATTLE_TARGET on the opponent's monsters while
# `GetSequence() > 4`, value `c:IsFaceup() and c:IsSetCard(...) and c:GetSequence() < 5`)
_EMZ_GUARDS_MAIN = re.compile(r"While this card is in the Extra Monster Zone, (?:monsters your opponent controls|your "
                              r"opponent's monsters) cannot target (?P<what>[^,.]+? monsters) in the Main Monster Zones "
                              r"for attacks\.")
# BP-12 (EFFECT_ATTACK_ALL, value 1: each of the opponent's monsters once)
_ALL = re.compile(rf"(?:(?:{_SUBJECT} can|Can) attack (?:all monsters your opponent controls,? once each|all your "
                  r"opponent's monsters, once each|every monster your opponent controls \(one attack on each monster "
                  r"per Battle Phase\)))\.")
# BP-15: the turn it is Summoned (EFFECT_CANNOT_ATTACK that its EVENT_SUMMON_SUCCESS / EVENT_SPSUMMON_SUCCESS
# registers until the End Phase; EFFECT_DIRECT_ATTACK while STATUS_SPSUMMON_TURN)
_SUMMON_TURN = re.compile(rf"(?:{_SUBJECT} cannot|Cannot) attack (?:during )?the turn (?:that )?it is Normal (?:Summoned )?or "
                          r"Special Summoned\.")
_SPECIAL_TURN = re.compile(rf"(?:{_SUBJECT} cannot|Cannot) attack (?:during )?the turn (?:that )?it is Special Summoned\.")
# BPA-2: the turn it is Normal, Flip or Special Summoned (the EFFECT_CANNOT_ATTACK its EVENT_SUMMON_SUCCESS,
# EVENT_FLIP_SUMMON_SUCCESS and EVENT_SPSUMMON_SUCCESS register until the End Phase)
_ANY_SUMMON_TURN = re.compile(rf"(?:{_SUBJECT} cannot|Cannot) attack (?:the turn it is Summoned|in the same turn it is Normal "
                              r"Summoned, Flip Summoned, or Special Summoned)\.")
# BPA-2: EFFECT_DIRECT_ATTACK while its controller controls a face-up card of that name and the opponent no
# face-up monster of that kind (the Toon monsters' "Toon World" sentence)
_DIRECT_WHILE_CONTROL = re.compile(r"While you control \"(?P<name>[^\"]+)\" and your opponent controls no (?P<what>[^,.]+? "
                                   r"monsters), this card can attack (?:your opponent )?directly\.")
_DIRECT_SPECIAL_TURN = re.compile(rf"(?:{_SUBJECT} can|Can) attack (?:your opponent )?directly (?:during )?the turn (?:that )?"
                                  r"it is Special Summoned\.")
# BP-17: a change of ATK or DEF during the Damage Step or damage calculation only: no position pysolver lists
# is inside the Damage Step, and it models no outcome of a battle
_DAMAGE_STEP_ONLY = re.compile(r"If (?:this card|the equipped monster|your \"[^\"]+\" monster|an? \"[^\"]+\" monster) "
                               r"(?:attacks|is (?:being )?attacked)\b[^.;]*?, (?:it|this card|the attacking monster|your "
                               r"monster|its DEF|the ATK of this card) (?:gains|loses|is halved|becomes)(?P<change>[^.;]*?),? "
                               r"during (?:the Damage Step|damage calculation) only\.")
_NOT_A_STAT_CHANGE = re.compile(r"\b(?:also|negate|destroy|cannot|can|must)\b", re.I)
# SCX-1: a change of ATK or DEF during the Battle Phase only ("Gains 300 ATK during your Battle Phase only.",
# "Warrior monsters you control gain 500 ATK/DEF during the Battle Phase only.", "Monsters your opponent controls lose
# 2500 ATK during the Battle Phase only."): in a Battle Phase position the only plays listed are attack declarations
# and leaving the phase, none of which reads an ATK or DEF (BP-16 leaves descriptions by ATK unread; no outcome of a
# battle is modelled), and the change is gone in Main Phase 2. Not read: "for each counter", "equipped", a subject
# with a comma or "that ..." (Full-Speed Warrior), anything but a gain or loss of ATK/DEF.
_BATTLE_PHASE_ONLY = re.compile(r"(?:(?:This card )?[Gg]ains|(?:All )?(?:[\w\"-]+(?: [\w\"-]+)* )?[Mm]onsters (?:you control|"
                                r"your opponent controls) (?:gain|lose)) \d+ (?:ATK|DEF|ATK/DEF|ATK and DEF)"
                                r"(?:,? for each \"[^\"]+\" card you control)?,? during (?:your|your opponent's|their|the) "
                                r"Battle Phase only\.")
# BP-16: a lock on the attacks of a kind of monster, while its card is face-up (a field EFFECT_CANNOT_ATTACK /
# EFFECT_CANNOT_ATTACK_ANNOUNCE): "Level 4 or higher monsters cannot attack.", "Monsters cannot attack,
# except Link Monsters.", "Insect-Type monsters your opponent controls cannot declare an attack.", "Monsters
# you control, except "X" monsters, cannot attack.", "Neither player can declare attacks, except with X."
_LOCK = re.compile(r"(?P<opponents>Your opponent's )?(?P<what>(?:[^.,]+ )?[Mm]onsters)(?: (?P<whose>your opponent "
                   r"controls|you control))?(?:, except (?P<except1>[^.,]+),)? cannot (?:attack|declare (?:an )?"
                   r"attacks?)(?:, except (?P<except2>[^.,]+))?\.")
_LOCK_PLAYERS = re.compile(r"(?P<who>Neither player can|You cannot|Your opponent cannot) declare attacks, except with "
                           r"(?P<except2>[^.,]+)\.")
# BPX-1 / BPX-2: a field EFFECT_DIRECT_ATTACK / EFFECT_EXTRA_ATTACK (value 1) on its controller's monsters of a kind
# ("Your "Ninja" monsters", "Your Toon monsters", "All your Level 3 or lower Sea Serpent monsters", "Your Tuners",
# "All Tokens you control")
_YOURS = r"(?:(?:All y|Y)our (?P<what>[^,.]+?)|All (?P<what2>[^,.]+?) you control)"
_DIRECT_FOR = re.compile(rf"{_YOURS} can attack (?:your opponent )?directly\.")
_EXTRA_FOR = re.compile(rf"{_YOURS} can (?:make a second attack|attack twice) during each Battle Phase\.")
# MSC-2: "Your "Ancient Fairy Dragon" and monsters that mention it can attack while in face-up Defense Position (apply
# their DEF for damage calculation)." (Ancient Fairy Life Dragon), ""Superheavy Samurai" monsters you control can attack
# while in face-up Defense Position." (Superheavy Samurai Big Benkei): the engine's EFFECT_DEFENSE_ATTACK as a field
# effect of the card (range LOCATION_MZONE, its controller's Monster Zones, target `IsCode(X) or ListsCode(X)` /
# `IsSetCard`): BP-6 for each of its controller's monsters of that filter while the card applies its text
_DEFENSE_FOR = re.compile(rf'(?:{_YOURS}|(?P<what3>"[^"]+" monsters) you control) can attack while in face-up Defense '
                          r"Position(?: \(apply their DEF for damage calculation\))?\.")
_NAMED_AND_MENTIONING = re.compile(r'"(?P<name>[^"]+)" and monsters that mention it')
# BPX-1 with the effect's condition: while the opponent controls a face-down Defense Position monster (Giant
# Mimighoul), while N or more Xyz Materials are attached to the monsters on the field (Goblin Biker Troika Griare)
_DIRECT_FOR_FACE_DOWN = re.compile(rf"{_YOURS} can attack (?:your opponent )?directly while your opponent controls a "
                                   r"face-down (?:Defense Position )?monster\.")
_DIRECT_FOR_MATERIALS = re.compile(r"While (?P<count>\d+) or more Xyz Materials are attached to monsters on the field, "
                                   r"(?P<what>[^,.]+?) you control can attack (?:your opponent )?directly\.")
# BPX-6: BP-4's "cannot attack directly unless it has material" with a kind of material (Indigo-Eyes Silver Dragon:
# EFFECT_CANNOT_DIRECT_ATTACK while none of its Xyz Materials is of that kind)
_NO_DIRECT_UNLESS_MATERIAL = re.compile(rf"(?:{_SUBJECT} cannot|Cannot) attack (?:your opponent )?directly unless "
                                        r"(?:this card|it) has an? (?P<what>[^,.]+?) as (?:Xyz )?[Mm]aterial\.")
# BPX-7: EFFECT_DIRECT_ATTACK while no face-up monster of the opponent is of another kind (Alligator's Sword
# Dragon), while this Link Monster is not co-linked (Appliancer Vacculephant: GetMutualLinkedGroupCount()==0)
_DIRECT_IF_ONLY = re.compile(rf"{_SUBJECT} can attack (?:your opponent )?directly if the only face-up monsters they "
                             r"control are (?P<what>[^.]+?)\.")
_DIRECT_IF_ONLY_MINE = re.compile(rf"If the only face-up monsters you control are (?P<what>[^.,]+?), {_SUBJECT.lower()} can "
                                  r"attack (?:your opponent )?directly\.")
# BPX-8: EFFECT_DIRECT_ATTACK while its controller's hand is empty (Infernity Archer), while the opponent controls no
# Attack Position monster (Shadowslayer)
_DIRECT_NO_HAND = re.compile(rf"If you have no cards in your hand, {_SUBJECT.lower()} can attack (?:your opponent )?"
                             r"directly\.")
_DIRECT_ALL_DEFENSE = re.compile(rf"If all monsters your opponent controls are in Defense Position, {_SUBJECT.lower()} can "
                                 r"attack (?:your opponent )?directly\.")
_DIRECT_NOT_CO_LINKED = re.compile(rf"(?:{_SUBJECT} can|Can) attack (?:your opponent )?directly while (?:it|this card) is "
                                   r"not co-linked\.")
# BPX-9: EFFECT_ATTACK_ALL whose value is a filter on the monsters attacked (Ally of Justice Thousand Arms: face-up
# LIGHT monsters); "Special Summoned monsters" is not a filter of the position and stays unread
_ALL_AMONG = re.compile(rf"{_SUBJECT} can attack all (?P<face_up>face-up )?(?P<what>[^,.]+? monsters) your opponent "
                        r"controls,? once each\.")
# BPX-10: BP-5's "up to the number of materials" counting the materials of a kind (Raidraptor - Arsenal Falcon:
# EFFECT_EXTRA_ATTACK, the count of its "Raidraptor" monster materials - 1, while it has one)
_PER_MATERIAL_OF = re.compile(r"If this card has any number of (?P<what>[^,.]+? monsters) as (?:Xyz )?[Mm]aterials?, it can "
                              r"attack up to that many times during each Battle Phase\.")
# BPX-3: EFFECT_DEFENSE_ATTACK, with EFFECT_DIRECT_ATTACK and EFFECT_CANNOT_SELECT_BATTLE_TARGET (every monster) while
# in Defense Position: in Defense Position it attacks directly only
_DIRECT_IN_DEFENSE = re.compile(rf"{_SUBJECT} can attack (?:your opponent )?directly while (?:it is )?in Defense Position\.")
# BPX-4: EFFECT_DIRECT_ATTACK while its controller has a face-down card in a Spell & Trap Zone (not the Field Zone)
_DIRECT_WHILE_SET = re.compile(r"While you have any Set card\(s\) in your Spell & Trap Zone, (?:this card|this monster) can "
                               r"attack (?:your opponent )?directly\.")
# BPX-5: a BP-16 lock while this card has Xyz Material (the effect's condition), and a lock on the monsters Normal or
# Special Summoned this turn (the flag the engine's EVENT_SUMMON_SUCCESS / EVENT_SPSUMMON_SUCCESS register)
_WITH_MATERIAL_LEAD = "While this face-up card has Xyz Material, "
_LOCK_SUMMONED = re.compile(r"(?P<what>[^.,]+ monsters) cannot attack the turn they are Normal or Special Summoned\.")
# BPX-12: EFFECT_CANNOT_ATTACK while its controller has another monster in a Monster Zone (Photon Thrasher:
# Duel.GetFieldGroupCount(tp, LOCATION_MZONE, 0) > 1, face-down ones too)
_CANNOT_WITH_OTHER = re.compile(rf"(?:{_SUBJECT} cannot|Cannot) attack if you control another monster\.")
# BPX-13: EFFECT_ATTACK_ALL (value 1) while its controller has no other monster in a Monster Zone (Mementoal Tecuhtlica -
# Combined Creation)
_ALL_ALONE = re.compile(rf"While you control no other monsters, {_SUBJECT.lower()} can attack all monsters your opponent "
                        r"controls,? once each\.")
# BPX-14: EFFECT_EXTRA_ATTACK (value 1) while a face-up banished card of either player matches (Divine Scorpion Beast of
# Serket: aux.FaceupFilter(Card.IsLevelAbove, 10) in both players' LOCATION_REMOVED)
_EXTRA_WHILE_BANISHED = re.compile(rf"(?:{_SUBJECT} can|Can) make a second attack during each Battle Phase, while an? "
                                   r"(?P<what>[^,.]+? monster) is banished\.")
# BPX-15: EFFECT_ATTACK_COST of its own (Machina Force: Duel.CheckLPCost(tp, 1000) to declare, Duel.PayLPCost on the
# declaration)
# MUS-2: "This card can attack (monsters) a number of times each Battle Phase, up to the number of <what> used for
# it / its (Fusion|Synchro) Summon"; MUS-3: "If this card was <K> Summoned using <what> as material, it can make a
# second attack during each Battle Phase" and its neighbours (docs/material-rules.md).
_PER_USED = re.compile(r"This card can (?:attack (?P<on>monsters |your opponent's monsters )?a number of times|make a "
                       r"number of attacks(?P<on2> on monsters)?) each Battle Phase, up to the number of "
                       r"(?P<what>materials|Fusion Materials|Fusion Monsters|non-Tuners|Tuners) used "
                       r"(?:as material )?for (?:it|its (?:(?P<kind>Fusion|Synchro) )?Summon)\.")
_USED_SECOND = re.compile(r"If this card was (?P<kind>Fusion|Synchro|Xyz|Link) Summoned using (?P<what>[^,]+?) as "
                          r"material, it can make a second attack during each Battle Phase\.")
_USED_UP_TO = re.compile(r"If this card was (?P<kind>Fusion|Synchro|Xyz|Link) Summoned using (?P<count>[12]) or more "
                         r"(?P<what>[^,]+?) as material, it can attack up to that many times during each Battle Phase\.")
_USED_ATTACKS = re.compile(r"This card that was (?P<kind>Fusion|Synchro|Xyz|Link) Summoned using (?P<what>an? [^,]+?) as "
                           r"material can make up to (?P<count>[2-9]) attacks during each Battle Phase\.")
# MST-2: what a material gives the monster its Summon used it for (Infernity Doom Archfiend: at EVENT_BE_MATERIAL with
# REASON_SYNCHRO, when that Synchro Monster is DARK, EFFECT_EXTRA_ATTACK_MONSTER of value 1 on it, owned by the material,
# reset by RESETS_STANDARD): BP-5's "up to N attacks on monsters" for that monster
_USER_ON_MONSTERS = re.compile(r"An? (?P<attribute>DARK|LIGHT|EARTH|WATER|FIRE|WIND|DIVINE) (?P<kind>Fusion|Synchro|Xyz|Link) "
                               r"Monster that was Summoned using this card as material can make up to (?P<count>[2-9]) "
                               r"attacks on monsters during each Battle Phase\.")
# SMT-1: MUS-3 as a bullet list's lead, "If this card is Xyz Summoned using an Xyz Monster as Material, it gains these
# effects." followed by "It can make a second attack during each Battle Phase." (Odd-Eyes Raging Dragon: the engine's
# EFFECT_MATERIAL_CHECK flags the Summon, whose success grants it EFFECT_EXTRA_ATTACK of value 1); the other bullets of
# the list are read, or not, on their own
_USED_GAINS = re.compile(r"If this card (?:is|was) (?P<kind>Fusion|Synchro|Xyz|Link) Summoned using (?P<what>[^,]+?) as "
                         r"[Mm]aterial, it gains these effects\.")
# SMT-2: BP-5's additional attacks said of "This <K> Summoned card" (Vision HERO Trinity: EFFECT_EXTRA_ATTACK of value 2
# with the condition `IsSummonType(SUMMON_TYPE_FUSION)`): while it came to the field by that Summon (`summoned_as`)
_SUMMONED_EXTRA = re.compile(r"This (?P<kind>Fusion|Synchro|Xyz|Link|Ritual) Summoned card can (?P<what>make a second attack|"
                             r"attack twice|make a second and third attack) during each Battle Phase\.")
_ONE_TUNER = re.compile(r"1 Tuner(?: [^+]*)? \+ (?:\d\+ )?[^+]+$")        # exactly one Tuner, then the non-Tuners
_ONE_NON_TUNER = re.compile(r"1\+ Tuners \+ 1 [^+]+$")          # Tuners, then exactly one non-Tuner


def _per_used(card: Card, match) -> tuple | None:
    """MUS-2: (filter or None for every material, the Summon it counts or None for any, how many of them are not
    counted, whether the additional attacks are on monsters only), or None when pysolver cannot count them."""
    what, kind = match.group("what"), match.group("kind")
    kind = kind.lower() if kind else None
    line = (card.text or "").split("\n")[0].strip()
    minus, phrase = 0, None
    if what == "Fusion Materials":
        if "fusion" not in card.kinds or (kind or "fusion") != "fusion":
            return None
        kind = "fusion"
    elif what == "Fusion Monsters":
        phrase = "Fusion Monsters"
    elif what == "non-Tuners":     # one Tuner in every Synchro Summon by its line: the others are the non-Tuners
        if kind != "synchro" or "synchro" not in card.kinds or not _ONE_TUNER.fullmatch(line):
            return None
        minus = 1
    elif what == "Tuners":         # one non-Tuner in every Synchro Summon by its line
        if kind != "synchro" or "synchro" not in card.kinds or not _ONE_NON_TUNER.fullmatch(line):
            return None
        minus = 1
    what_filter = None
    if phrase is not None and (what_filter := _filter(phrase)) is None:
        return None
    return (what_filter, kind, minus, bool(match.group("on") or match.group("on2")))


# CNB-3: "● 4+: Can make up to 3 attacks during each Battle Phase." (GMX - COMPREX, under "Gains these effects based on
# the number of Dinosaur monsters used as Fusion Material for this card."; the engine: EFFECT_EXTRA_ATTACK of value 2
# registered by its Fusion Summon's success when 4 such materials were used): MUS-3 asking N matching materials
_UP_TO_ATTACKS = re.compile(rf"(?:{_SUBJECT} can|Can) make up to (?P<count>[2-9]) attacks during each Battle Phase\.")


def _more_attacks(body: str) -> int | None:
    """CNB-3: the additional attacks (any target) a bullet's body gives, or None."""
    if extra := _EXTRA.fullmatch(body):
        return 2 if "third" in extra.group("what") else 1
    if up_to := _UP_TO_ATTACKS.fullmatch(body):
        return int(up_to.group("count")) - 1
    return None


def _used_condition(phrase: str):
    """MUS-3: what the materials must be: ("field",) for "only monsters on the field", else ("has", filter)."""
    if phrase == "only monsters on the field":
        return ("field",)
    what = _filter(re.sub(r"^an? ", "", phrase))
    return None if what is None or phrase.startswith("only ") else ("has", what)


# ATQ-5: "If your opponent controls a face-up monster(s), this card can only target their monster with the highest ATK for
# attacks (your choice, if tied)." (Gouki The Master Ogre; the engine: while the opponent controls a face-up monster,
# EFFECT_CANNOT_SELECT_BATTLE_TARGET on every monster but their face-up ones of the highest ATK, and
# EFFECT_CANNOT_DIRECT_ATTACK)
_HIGHEST_ATK_ONLY = re.compile(r"If your opponent controls a face-up monster\(s\), this card can only target their monster "
                               r"with the highest ATK for attacks \(your choice, if tied\)\.")
# ATQ-6: 'While you control a "Vanquish Soul" monster, your opponent's monsters can only target monsters you control with
# the highest ATK (their choice, if tied) for attacks.' (Rock of the Vanquisher; the engine: while its controller controls
# such a face-up monster, EFFECT_CANNOT_SELECT_BATTLE_TARGET on the opponent's monsters with the value `not
# tg:IsContains(c) or c:IsFacedown()`, `tg` its controller's face-up monsters of the highest ATK, and
# EFFECT_CANNOT_DIRECT_ATTACK on the opponent's monsters)
_GUARD_HIGHEST = re.compile(r"While you control an? \"(?P<name>[^\"]+)\" monster, your opponent's monsters can only target "
                            r"monsters you control with the highest ATK \(their choice, if tied\) for attacks\.")
# ATQ-7: '"Krawler" monsters this card points to cannot be destroyed by battle, gain 300 ATK/DEF, and can make up to 2
# attacks on monsters during each Battle Phase.' (X-Krawler Synaphysis; the engine: EFFECT_EXTRA_ATTACK_MONSTER over both
# players' Monster Zones on the monsters of that kind in its linked group). The destruction half decides no play (BP-17:
# no battle's outcome is carried out); the gain is STM-2's (`cardtext.changes_others_stats`, required here).
_POINTED_ON_MONSTERS = re.compile(r"(?P<what>\"[^\"]+\" monsters) this card points to (?:cannot be destroyed by battle, )?"
                                  r"(?P<gain>gain \d+ ATK/DEF, )?and can make up to (?P<count>[2-9]) attacks on monsters "
                                  r"during each Battle Phase\.")
# ATQ-4: "Cannot declare an attack unless you send 1 card from your Extra Deck to the GY." (Alba System Dogmatikalamity:
# the engine's EFFECT_ATTACK_COST, a cost of each of its attack declarations: `IsAbleToGraveAsCost` in its Extra Deck)
_ATTACK_EXTRA_COST = re.compile(r"(?:This card cannot|Cannot) declare an attack unless you send 1 card from your Extra "
                                r"Deck to the GY\.")
_ATTACK_LP = re.compile(r"You must pay (?P<lp>\d+) (?:LP|Life Points) to declare an attack with this (?:card|monster)\.")
# BPX-16: BP-10 on one kind, worded as the attacks on that kind of its controller's monsters (Amazoness Pet Liger:
# EFFECT_CANNOT_SELECT_BATTLE_TARGET on c:IsFaceup() and c:IsSetCard(SET_AMAZONESS) and c~=e:GetHandler())
_ONLY_AMONG_ATTACK = re.compile(r"(?:Monsters your opponent controls|Your opponent's monsters) cannot attack "
                                r"(?P<what>[^,.]+? monsters) you control, except this one\.")
# BPX-17: BP-5's "second attack" in the bullet list of a Link Monster's "Gains the following effects while this card
# points to an "R.B." monster." (R.B. The Brute Blues: EFFECT_EXTRA_ATTACK while its linked group holds a face-up
# monster of that kind); the other bullets are read, or not, on their own
_GAINS_WHILE_POINTS = re.compile(r"Gains the following effects while (?P<cond>this card points to .+?)\.")
# BPX-18: EFFECT_CANNOT_ATTACK_ANNOUNCE on both players' monsters not in sequence 2, while its card is in sequence 2
# (Elfnote June Pride)
_CENTER_LOCK = re.compile(r"While this card is in the center Main Monster Zone, neither player can declare attacks, except "
                          r"with monsters in their center Main Monster Zones\.")
# BPM-1: BP-12 on the opponent's Special Summoned monsters only (Stardust Charge Warrior, Raidraptor - Rise Falcon:
# EFFECT_ATTACK_ALL whose value tests the attacked monster's summon type for SUMMON_TYPE_SPECIAL)
_ALL_SPECIAL = re.compile(rf"{_SUBJECT} can attack all Special Summoned monsters your opponent controls,? once each\.")
# BPM-2: the Toon monsters' direct attack (Toon Summoned Skull: EFFECT_DIRECT_ATTACK while the opponent controls no
# face-up Toon monster; while they control one, EFFECT_CANNOT_DIRECT_ATTACK and EFFECT_CANNOT_SELECT_BATTLE_TARGET on
# every monster that is not a face-up Toon monster)
_DIRECT_UNLESS_KIND = re.compile(r"Can attack your opponent directly, unless they control an? (?P<what>[^,.]+? monster), "
                                 r"in which case this card must target an? (?P<what2>[^,.]+? monster) for its attacks\.")
# BPM-3: BP-10 on every monster but the face-up ones of a name (Elemental HERO Poison Rose: EFFECT_CANNOT_SELECT_BATTLE_TARGET
# on the opponent's monsters, value `c:IsFacedown() or not c:IsCode(id)`): BPX-22's reading with "not that name" as
# the kind
_ONLY_NAMED = re.compile(r"Your opponent can only target \"(?P<name>[^\"]+)\" for attacks\.")
# BPN-1: BP-12 with the banishing of the monsters it destroys by battle (Chaos Archfiend: EFFECT_ATTACK_ALL, value 1, and
# EFFECT_BATTLE_DESTROY_REDIRECT): no play pysolver lists carries out a battle (`pysolver.position.apply` records an attack,
# never its damage or destruction), so the second half decides nothing, as the sentence "Banish any monster destroyed by
# battle with this card." alone (Tri-Edge Levia)
_ALL_BANISH = re.compile(rf"(?:{_SUBJECT} can|Can) attack all monsters your opponent controls,? once each, also banish any "
                         r"monster destroyed by battle with this card\.")
# BPN-3: a field EFFECT_CANNOT_ATTACK and EFFECT_CANNOT_CHANGE_POSITION (with EFFECT_FLAG_SET_AVAILABLE: face-down monsters
# too) on both players' monsters but this card (Thousand-Eyes Restrict); a Flip Summon is a change of battle position
# (ocgcore `card::is_can_be_flip_summoned` tests EFFECT_CANNOT_CHANGE_POSITION)
_OTHERS_FROZEN = re.compile(r"Other monsters on the field cannot change their battle positions or attack\.")
# BPN-4: effect damage sent back to the opponent, while this card is in Attack Position (Dragon Knight Draco-Equiste:
# EFFECT_REFLECT_DAMAGE while `IsAttackPos()`): pysolver inflicts no damage in any play it lists (`apply` pays LP costs
# only, and lists no activation of the opponent's), so the sentence decides nothing; the same words without the lead
# (Number 14: Greedy Sarameya) speak of no attack and are no rule sentence at all (`pysolver.cards.reading`)
_DAMAGE_REFLECTED = re.compile(r"While this card is in Attack Position, your opponent takes any effect damage you would "
                               r"have taken from their card effects, instead\.")
# BPN-5: a destruction inside the battle its attack starts (Jurrac Velphito, Wattmole, Search Striker: an optional effect
# at the start of the Damage Step): no play pysolver lists is inside a battle, and `apply` carries out no battle's outcome
# (BP-12, BP-17), so it decides nothing; the same sentence without "you can" (Razor Lizard, Nanobreaker) is no rule
# sentence at all (`pysolver.cards.reading`)
_DESTROYS_ATTACKED = re.compile(r"If this card attacks a face-down Defense Position monster, you can destroy (?:the|that) "
                                r"monster immediately with this card's effect without flipping it face-up or applying "
                                r"damage calculation\.")
# BPN-6: EFFECT_DIRECT_ATTACK while no other card is in its column (Mekk-Knight Spectrum Supreme: `GetColumnGroupCount()
# == 0`: the Main Monster Zones and Spell & Trap Zones of both players in its column, and the Extra Monster Zone there)
_DIRECT_ALONE_IN_COLUMN = re.compile(rf"{_SUBJECT} can attack (?:your opponent )?directly if it is the only card in its "
                                     r"column\.")
WORDINGS = (_SUMMONED_EXTRA, _EMZ_GUARDS_MAIN, _MUST_ATTACK_ALL, _MUST_ATTACK_SELF, _MUST_ATTACK_THIS, _DIRECT_ALONE_IN_COLUMN, _DESTROYS_ATTACKED, _DAMAGE_REFLECTED, _ALL_BANISH, _OTHERS_FROZEN, _ONLY_NAMED, _ALL_SPECIAL, _DIRECT_UNLESS_KIND, _COLUMN_TARGETS, _ALSO_NOT_TARGET, _LINKED_NOT_TARGET, _ONLY_AMONG_FACE_DOWN, _ONLY_TARGET_OWN, _ONLY_TARGET_ALSO, _CENTER_LOCK, _ONLY_AMONG_ATTACK, _ATTACK_LP, _ATTACK_EXTRA_COST, _HIGHEST_ATK_ONLY, _GUARD_HIGHEST, _POINTED_ON_MONSTERS, _CANNOT_WITH_OTHER, _ALL_ALONE, _EXTRA_WHILE_BANISHED,
            _PER_MATERIAL_OF, _ALL_AMONG, _DIRECT_IF_ONLY, _DIRECT_IF_ONLY_MINE, _DIRECT_NO_HAND,
            _DIRECT_ALL_DEFENSE, _DIRECT_NOT_CO_LINKED, _DIRECT_FOR, _EXTRA_FOR, _DEFENSE_FOR, _DIRECT_FOR_FACE_DOWN,
            _DIRECT_FOR_MATERIALS, _NO_DIRECT_UNLESS_MATERIAL, _DIRECT_IN_DEFENSE, _DIRECT_WHILE_SET, _LOCK_SUMMONED,
            _DIRECT, _NO_DIRECT, _EXTRA, _ON_MONSTERS, _DEFENSE, _MATERIAL, _NOT_TARGET, _IGNORED, _CANNOT,
            _NO_MATERIAL, _DIRECT_MATERIAL, _NO_DIRECT_MATERIAL, _PER_MATERIAL, _ONLY_TARGET, _POINTED, _ALL,
            _OTHERS, _ONLY_AMONG, _NOT_TARGET_POINTING, _POINTED_NOT_TARGET, _ON_MONSTERS_PER_MATERIAL,
            _ALL_WITH_MATERIAL, _LOCK_ALL_DEFENSE, _LOCK_ALONE, _SUMMON_TURN, _SPECIAL_TURN, _DIRECT_SPECIAL_TURN,
            _DAMAGE_STEP_ONLY, _ANY_SUMMON_TURN, _DIRECT_WHILE_CONTROL, _BATTLE_PHASE_ONLY, _EXTRA_IF_RAISED)


# BPA-2: "This card's name becomes "Toon World" while on the field" (EFFECT_CHANGE_CODE): on the field, face-up,
# it is a card of that name for "While you control "Toon World" ..."
_FIELD_NAME = re.compile(r"(?:This card's|Its) name becomes \"(?P<name>[^\"]+)\" while (?:it is )?(?P<where>[^.]*)\.")


def field_name(card: Card) -> str | None:
    """The name a card's text gives it while it is on the field (in the Field Zone, a Spell & Trap Zone), or None."""
    for match in _FIELD_NAME.finditer(card.text):
        if re.search(r"\bfield\b|Field Zone|Spell & Trap Zone", match.group("where")):
            return match.group("name")
    return None


@dataclass(frozen=True)
class AttackRules:
    """What a monster's own text says about its attacks and the attacks on it."""

    direct: bool = False            # BP-4: it can attack directly while the opponent controls monsters
    no_direct: bool = False         # BP-4: it cannot attack directly
    extra: int = 0                  # BP-5: additional attacks each Battle Phase (any target)
    extra_on_monsters: int = 0      # BP-5: additional attacks each Battle Phase, on monsters only
    in_defense: bool = False        # BP-6: it can attack while in face-up Defense Position
    needs_material: bool = False    # BP-7: it cannot attack unless it has Xyz Material
    not_target: bool = False        # BP-8: the opponent's monsters cannot attack it (it still blocks direct attacks)
    ignored: bool = False           # BP-8: it cannot be attacked and does not block direct attacks
    extra_if_raised: bool = False   # LPC-2: more attacks while its ATK is above its original one (never in a position)
    cannot_attack: bool = False     # BP-9: it never declares an attack
    direct_with_material: bool = False      # BP-4: it can attack directly while it has Xyz Material
    no_direct_without_material: bool = False   # BP-4: it cannot attack directly while it has no Xyz Material
    extra_per_material: bool = False   # BP-5: it may attack as many times as it has Xyz Materials (at least once)
    only_target: bool = False       # BP-10: the opponent's monsters cannot attack a monster other than this one
    pointed_cannot_attack: bool = False   # BP-11: the monsters this Link Monster points to cannot attack
    attack_all: bool = False        # BP-12: after its attacks, it may attack each opponent monster once
    only_target_while: str = ""     # BP-10's condition (_WHILE): "" always, or while it is so
    only_target_among: object = None   # BP-10 on the face-up monsters of this filter only (requirements terms)
    only_target_presence: object = None   # BPX-20: BP-10 only while the position shows such a card (presence.Presence)
    not_target_kind: object = None        # LKQ-10: the opponent's monsters cannot attack its controller's face-up monsters
    not_target_kind_presence: object = None   # of this filter (itself too), while the position shows such a card
    not_target_kind_needs_material: bool = False   # TGZ-3: LKQ-10 only while this card has Xyz Material
    main_zone_guard: object = None        # ATQ-2: while it is in an Extra Monster Zone, the opponent's monsters cannot
                                          # attack its controller's face-up monsters of this filter in Main Monster Zones
    only_target_face_down: bool = False   # BPX-22: BP-10 also on every face-down monster (with only_target_among)
    guard_all_but: object = None          # TRQ-4: the opponent's monsters cannot attack its controller's monsters
                                          # matching this filter (any position: by the card's code)
    column_guard: object = None   # BPX-27: an opponent's monster in a column with a face-up monster of this filter of
                                  # its controller's cannot attack the monsters in its column
    others_cannot_attack: bool = False   # BP-13: the other monsters of its controller cannot attack
    not_target_pointing: bool = False    # BP-8 while this Link Monster points to a monster
    not_target_while: object = None      # PRC-1: BP-8 while the position shows a card (presence.Presence)
    pointed_not_target: bool = False     # BP-11: the monsters this Link Monster points to cannot be attacked
    on_monsters_per_material: bool = False   # BP-5: as many additional attacks on monsters as Xyz Materials
    attack_all_needs_material: bool = False  # BP-12 only while it has Xyz Material
    lock_all_defense: bool = False       # BP-14: no attack on its controller while all their monsters defend
    lock_alone_hand: int | None = None   # BP-14: no attack while it is alone and the attacker's hand is small
    cannot_summon_turn: bool = False     # BP-15: no attack the turn it was Normal or Special Summoned
    locks: tuple = ()                    # BP-16: AttackLock, the attacks its card forbids while face-up
    direct_summon_turn: bool = False     # BP-15: it can attack directly the turn it was Special Summoned
    cannot_any_summon_turn: bool = False   # BPA-2: no attack the turn it was Normal, Flip or Special Summoned
    direct_while_control: str = ""       # BPA-2: it can attack directly while its controller controls a face-up
    direct_unless_theirs: object = None  # card of this name and the opponent no face-up monster of this filter
    direct_for: tuple = ()               # BPX-1: its controller's monsters of these filters can attack directly
    direct_for_while: tuple = ()         # BPX-1 with a condition: (filter, "their_face_down" | materials count)
    direct_for_presence: tuple | None = None   # MST-4: BPX-1 while the position shows a card: (filter, Presence)
    no_direct_unless_material: object = None   # BPX-6: it cannot attack directly unless a material matches this
    direct_if_only: object = None        # BPX-7: it can attack directly while the opponent's face-up monsters match
    direct_not_co_linked: bool = False   # BPX-7: it can attack directly while it is not co-linked
    direct_if_only_mine: object = None   # BPX-7: ... while its controller's face-up monsters all match this
    direct_no_hand: bool = False         # BPX-8: it can attack directly while its controller's hand is empty
    attack_all_among: object = None      # BPX-9: BP-12 on the opponent's monsters of this filter only
    per_material_of: object = None       # BPX-10: as many attacks as Xyz Materials of this filter (at least one)
    attack_all_face_up: bool = False     # BPX-9: ... and face-up
    direct_all_defense: bool = False     # BPX-8: ... while the opponent controls no Attack Position monster
    extra_for: tuple = ()                # BPX-2: its controller's monsters of these filters: a second attack
    in_defense_for: tuple = ()           # MSC-2: its controller's monsters of these filters: BP-6 (attack in Defense)
    direct_in_defense: bool = False      # BPX-3: it attacks in Defense Position too, then directly only
    direct_while_set: bool = False       # BPX-4: it can attack directly while its controller has a Set Spell/Trap
    cannot_with_other: bool = False      # BPX-12: it cannot attack while its controller has another monster
    attack_all_alone: bool = False       # BPX-13: BP-12 only while its controller has no other monster
    extra_while_banished: object = None  # BPX-14: a second attack while a banished monster matches this filter
    highest_atk_only: bool = False       # ATQ-5: while the opponent controls a face-up monster, it attacks only their
                                         # face-up monsters of the highest ATK, never directly
    guard_highest: object = None         # ATQ-6: while its controller controls a face-up monster of this filter, the
                                         # opponent's monsters attack only their face-up monsters of the highest ATK
    pointed_on_monsters: object = None   # ATQ-7: (filter, N): the monsters of that kind this Link Monster points to (either
                                         # side) can make N - 1 more attacks on monsters
    attack_extra_cost: bool = False      # ATQ-4: its controller sends 1 card from their Extra Deck to the GY to declare
                                         # an attack with it
    attack_lp_cost: int = 0              # BPX-15: its controller pays this many LP to declare an attack with it
    extra_while: tuple | None = None     # BPX-17: (additional attacks, presence.Presence) while the position shows it
    attack_all_special: bool = False     # BPM-1: BP-12 on the opponent's Special Summoned monsters only
    direct_unless_kind: object = None    # BPM-2: it can attack directly while the opponent controls no face-up monster
                                         # of this filter; while they control one, it attacks only such monsters
    others_cannot_declare: bool = False  # BP-13 said "cannot declare an attack" (EFFECT_CANNOT_ATTACK_ANNOUNCE: BPO-1)
    must_attack: str = ""                # BPO-1: "opponents" (all the opponent's monsters) or "self" must attack, if able;
                                         # BPO-2: "this", the opponent's monsters must attack this card;
                                         # MST-1: "highest", ... its controller's face-up monster of the highest ATK
    others_no_reposition: bool = False   # BPN-3: no other monster on the field changes its battle position (nor is
                                         # Flip Summoned) while this card applies its text
    direct_alone_in_column: bool = False   # BPN-6: it can attack directly while no other card is in its column
    used_attacks: tuple | None = None    # MUS-2: (filter, Summon, not counted, on monsters only): as many attacks
                                         # as materials of that filter its Summon used (minus the uncounted)
    used_extra: tuple | None = None      # MUS-3: (Summon, condition, additional attacks) if it was so Summoned
                                         # (condition ("count", filter, N), CNB-3: N of its materials match)
                                         # with materials meeting the condition (any target)
    user_on_monsters: tuple | None = None   # MST-2: (Summon, Attribute, additional attacks on monsters) this card
                                         # gives the monster of that Attribute whose Summon of that kind used it
    direct_while_count: tuple | None = None  # CNB-5: (filter, N): it can attack directly while its controller controls
                                             # N face-up cards of that filter on the field
    summoned_extra: tuple | None = None  # SMT-2: (Summon, additional attacks, any target) while it came by that Summon
    sentences: frozenset = frozenset()   # the sentences read (reading.py stops reporting them)

    def __bool__(self) -> bool:
        return bool(self.sentences)


@dataclass(frozen=True)
class AttackLock:
    """BP-16: while its card is face-up, the monsters of `whom` (from its controller's view: "both",
    "controller", "opponent") that match `what` (None: every monster) and not `unless` cannot attack."""

    whom: str
    what: object = None
    unless: object = None
    while_material: bool = False   # BPX-5: only while its card has Xyz Material
    summon_turn: bool = False      # BPX-5: only on the monsters Normal or Special Summoned this turn
    center: bool = False           # BPX-18: only while its card is in the center Main Monster Zone, and not on the
                                   # monsters in their controller's center Main Monster Zone
    others: bool = False           # BPN-3: not on its own card ("Other monsters on the field")
    declare: bool = False          # "cannot declare an attack" (EFFECT_CANNOT_ATTACK_ANNOUNCE), not "cannot attack" (BPO-1)


def _lock(match) -> AttackLock | None:
    """The lock a `_LOCK` / `_LOCK_PLAYERS` sentence says, or None when a description does not parse or speaks
    of ATK or DEF (a monster's ATK now is not what its card says: the position does not record changes)."""
    groups = match.groupdict()
    if "who" in groups:
        whom = {"Neither player can": "both", "You cannot": "controller", "Your opponent cannot": "opponent"}[groups["who"]]
        what = None
    else:
        if groups["opponents"] and groups["whose"]:
            return None
        whom = "opponent" if groups["opponents"] or groups["whose"] == "your opponent controls" else \
            "controller" if groups["whose"] == "you control" else "both"
        what = None if groups["what"] in ("Monsters", "monsters") else _filter(groups["what"])
        if what is None and groups["what"] not in ("Monsters", "monsters"):
            return None
    phrase = groups.get("except1") or groups.get("except2")
    if groups.get("except1") and groups.get("except2"):
        return None
    unless = _filter_levelless(phrase) if phrase else None
    if (phrase and unless is None) or re.search(r"\b(?:ATK|DEF|[Cc]ounters?)\b", match.group(0)):
        return None
    return AttackLock(whom, what, unless, declare=" declare " in match.group(0))


def _filter_levelless(phrase: str):
    """`_filter`, also for "<monsters> without a Level" (BPN-2, Master Spirit Tech Force - Pendulum Ruler's exception:
    the engine's `not c:HasLevel()`, which holds for the Xyz and Link Monsters only: they have a Rank or a Link Rating,
    never a Level; every other monster on the field has one)."""
    from .requirements import Atom, conj, disj
    if phrase.endswith(" without a Level"):
        kind = _filter(phrase.removesuffix(" without a Level"))
        return None if kind is None else conj(kind, disj(Atom("kind", "=", "xyz"), Atom("kind", "=", "link")))
    return _filter(phrase)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bullets(card: Card):
    """(sentence, lead) for each sentence of the monster text (`pysolver.cards.sentences.bullets`)."""
    from .sentences import bullets
    return bullets(card)


def _filter(phrase: str):
    """The filter of a phrase naming one kind of monster ("Warrior-Type monsters"), or None."""
    from .material_lines import UnsupportedMaterialLine, parse_filter
    try:
        return parse_filter(phrase)
    except UnsupportedMaterialLine:
        return None


def _defense_for_filter(phrase: str):
    """MSC-2: '"X" and monsters that mention it' (a card named X, or whose text names X in quotes: the engine's
    `IsCode(X) or ListsCode(X)`), else the filter of the phrase, or None."""
    from .requirements import Atom, Or
    if match := _NAMED_AND_MENTIONING.fullmatch(phrase):
        name = match.group("name")
        return Or((Atom("name", "=", name), Atom("mentions", "=", name)))
    return _filter(phrase)


@lru_cache(maxsize=None)
def attack_rules(card: Card) -> AttackRules:
    """The attack clauses of `card`'s monster text that pysolver reads (an empty `AttackRules` if none)."""
    from .cardtext import changes_others_stats, tribute_rules
    from .presence import GAINS_WHILE, LINKED, read_lead
    from .protections import GUARD_ALL_BUT, card_kind_filter
    from .protections import read_sentence as protections_read
    from .material_lines import default_archetypes
    from .requirements import Atom
    from .written import gemini
    rules = {s.text for s in sentences(card) if s.where == "card" and not s.activated}   # not an activated effect's
    found: dict = {}
    read: set[str] = set()
    own = f'"{card.name}"'
    for sentence, bullet_lead in _bullets(card):
        if sentence not in rules:
            continue
        if bullet_lead is not None and gemini(card) is not True:
            points, gains = _GAINS_WHILE_POINTS.fullmatch(bullet_lead), GAINS_WHILE.fullmatch(bullet_lead)
            # BPX-17: "Gains the following effects while this card points to ..."; BPX-26: "While <condition>, this
            # card gains these effects."
            cond = f"While {points.group('cond')}" if points and "link" in card.kinds else \
                gains.group("cond") if gains else None
            if cond and (extra := _EXTRA.fullmatch(sentence)) and (lead := read_lead(f"{cond}, x", card)) \
                    and lead[0] is not None and "extra_while" not in found:
                found["extra_while"] = (2 if "third" in extra.group("what") else 1, lead[0])
                read.add(sentence)
            elif (used := _USED_GAINS.fullmatch(bullet_lead)) and card.is_extra_deck \
                    and used.group("kind").lower() in card.kinds and "used_extra" not in found \
                    and "used_attacks" not in found \
                    and (extra := _EXTRA.fullmatch(re.sub(r"^It can ", "This card can ", sentence))) \
                    and (condition := _used_condition(used.group("what"))) is not None:      # SMT-1
                found["used_extra"] = (used.group("kind").lower(), condition, 2 if "third" in extra.group("what") else 1)
                read.add(sentence)
            elif (counted := control_count_bullets(card).get(sentence)) and counted[1] and card.is_monster \
                    and _DIRECT.fullmatch(counted[3]) and "direct_while_count" not in found \
                    and (code := default_archetypes().get(counted[2])) is not None:                # CNB-5
                found["direct_while_count"] = (Atom("archetype", "=", code, counted[2]), counted[0])
                read.add(sentence)
            elif (counted := used_count_bullets(card).get(sentence)) and counted[1] and card.is_extra_deck \
                    and counted[2] in card.kinds and "used_extra" not in found and "used_attacks" not in found \
                    and (more := _more_attacks(counted[4])) \
                    and (condition := _used_condition("a " + re.sub(r"(monster|Monster)s$", r"\1", counted[3]))) \
                    and condition[0] == "has":                                                   # CNB-3
                found["used_extra"] = (counted[2], ("count", condition[1], counted[0]), more)
                read.add(sentence)
            continue
        text = sentence.replace(own, "This card")
        if card.is_monster and (match := GUARD_ALL_BUT.fullmatch(sentence)) and "guard_all_but" not in found \
                and (guard := _filter(f"monsters, except {match.group('name')}")) is not None \
                and protections_read(sentence, card):      # TRQ-4: the attack half; the effect half is a protection
            found["guard_all_but"] = guard
            read.add(sentence)
            continue
        if card.is_monster and (match := _SUMMONED_ONLY_TARGET.fullmatch(text)) and "only_target" not in found \
                and match.group("kind").lower() in card.kinds and protections_read(sentence, card):   # LKQ-9
            found["only_target"], found["only_target_while"] = True, "summoned_" + match.group("kind").lower()
            read.add(sentence)
            continue
        lead = read_lead(sentence, card, bare_name=True)   # PRC-1: BP-8 while the position shows such a card
        if _NOT_TARGET_POINTING.fullmatch(text):           # BP-8's own reading of "points to a monster(s)"
            lead = (None, text)
        body = lead[1].replace(own, "This card") if lead and lead[0] is not None else text
        kind_body, kind_material = body, False
        if not (lead and lead[0] is not None) and (material_lead := _KIND_MATERIAL_LEAD.match(body)):   # TGZ-3
            kind_body, kind_material = _capital(body[material_lead.end():]), True
        if card.is_monster and (match := _KIND_NOT_TARGET_ALSO.fullmatch(kind_body)) and "not_target_kind" not in found \
                and card_kind_filter(what := _filter(match.group("what"))) \
                and protections_read(sentence, card):     # LKQ-10: the other half is a protection read whole
            found["not_target_kind"] = what
            if lead and lead[0] is not None:
                found["not_target_kind_presence"] = lead[0]
            found["not_target_kind_needs_material"] = kind_material
            read.add(sentence)
            continue
        if card.is_monster and (match := _NOT_TARGET_ALSO.fullmatch(body)) \
                and protections_read(sentence, card):     # PRC-5: the other half is a protection read whole
            body = match.group("bp8") + "."
            if body in ("This card cannot be targeted for an attack.",     # BPX-21: the same EFFECT_CANNOT_BE_BATTLE_TARGET
                        "Monsters cannot target this card for attacks."):   # LKQ-6: only the opponent's attack it
                body = "Your opponent's monsters cannot target this card for attacks."
        if card.is_monster and "link" in card.kinds and _LINKED_NOT_TARGET.fullmatch(sentence) \
                and protections_read(sentence, card) and "not_target_while" not in found:    # BPX-24
            found["not_target_while"] = LINKED
            read.add(sentence)
            continue
        if card.is_monster and (match := _ONLY_TARGET_ALSO.fullmatch(body)) \
                and protections_read(sentence, card):     # BPX-20: the other half is a protection read whole
            body = match.group("bp10") + "."
        elif card.is_monster and _ALSO_NOT_TARGET.fullmatch(body) and not _NOT_TARGET_ALSO.fullmatch(body) \
                and not _ONLY_TARGET_ALSO.fullmatch(body) and protections_read(sentence, card):   # BPX-25
            body = "Your opponent's monsters cannot target this card for attacks."
        if lead and lead[0] is not None and _ONLY_TARGET_OWN.fullmatch(body) and "only_target" not in found:
            found["only_target"], found["only_target_presence"] = True, lead[0]      # BPX-20: while it holds
            read.add(sentence)
            continue
        if body != text and (_ONLY_TARGET_OWN.fullmatch(body) or _ONLY_TARGET.fullmatch(body)) \
                and "only_target" not in found:           # BPX-20, BPX-25: with a protection, no condition
            found["only_target"] = True
            read.add(sentence)
            continue
        if lead and lead[0] is not None and _NOT_TARGET.fullmatch(body) and "not_target_while" not in found:
            found["not_target_while"] = lead[0]
            read.add(sentence)
            continue
        if body != text and _NOT_TARGET.fullmatch(body):   # PRC-5 with no condition
            found["not_target"] = True
            read.add(sentence)
            continue
        if (match := _DAMAGE_STEP_ONLY.fullmatch(text)) and not _NOT_A_STAT_CHANGE.search(match.group("change")):
            pass                                     # BP-17: decides no play (read, nothing to apply)
        elif card.is_monster and _DAMAGE_REFLECTED.fullmatch(text):
            pass                                     # BPN-4: decides no play (read, nothing to apply)
        elif card.is_monster and _DESTROYS_ATTACKED.fullmatch(text):
            pass                                     # BPN-5: decides no play (read, nothing to apply)
        elif _BATTLE_PHASE_ONLY.fullmatch(text):
            pass                                     # SCX-1: decides no play (read, nothing to apply)
        elif card.is_monster and text.startswith(_WITH_MATERIAL_LEAD) and "xyz" in card.kinds \
                and (match := _LOCK.fullmatch(_capital(text[len(_WITH_MATERIAL_LEAD):]))) \
                and (lock := _lock(match)) is not None:      # BPX-5: while it has Xyz Material
            found["locks"] = found.get("locks", ()) + (replace(lock, while_material=True),)
        elif card.is_monster and _CENTER_LOCK.fullmatch(text):            # BPX-18
            found["locks"] = found.get("locks", ()) + (AttackLock("both", center=True, declare=True),)
        elif card.is_monster and (match := _LOCK_SUMMONED.fullmatch(text)) \
                and (what := _filter(match.group("what"))) is not None:   # BPX-5: the turn they are Summoned
            found["locks"] = found.get("locks", ()) + (AttackLock("both", what, summon_turn=True),)
        elif (match := _LOCK.fullmatch(text) or _LOCK_PLAYERS.fullmatch(text)) and not text.startswith("Other ") \
                and (lock := _lock(match)) is not None:
            found["locks"] = found.get("locks", ()) + (lock,)
        elif not card.is_monster:
            continue                                 # a Spell's or Trap's other attack sentences: unread
        elif (lead := read_lead(text, card)) and lead[0] is not None and lead[0].where == "field_zone_card" \
                and (match := _DIRECT_FOR.fullmatch(lead[1])) and "direct_for_presence" not in found \
                and (what := _filter(match.group("what") or match.group("what2"))) is not None:   # MST-4
            found["direct_for_presence"] = (what, lead[0])
        elif (match := _DIRECT_FOR.fullmatch(text) or _EXTRA_FOR.fullmatch(text)) \
                and (what := _filter(match.group("what") or match.group("what2"))) is not None:   # BPX-1, BPX-2
            key = "direct_for" if match.re is _DIRECT_FOR else "extra_for"
            found[key] = found.get(key, ()) + (what,)
        elif (match := _DEFENSE_FOR.fullmatch(text)) \
                and (what := _defense_for_filter(match.group("what") or match.group("what2") or match.group("what3"))) \
                is not None:                                                                               # MSC-2
            found["in_defense_for"] = found.get("in_defense_for", ()) + (what,)
        elif (match := _DIRECT_FOR_FACE_DOWN.fullmatch(text)) \
                and (what := _filter(match.group("what") or match.group("what2"))) is not None:   # BPX-1
            found["direct_for_while"] = found.get("direct_for_while", ()) + ((what, "their_face_down"),)
        elif (match := _DIRECT_FOR_MATERIALS.fullmatch(text)) and (what := _filter(match.group("what"))) is not None:
            found["direct_for_while"] = found.get("direct_for_while", ()) + ((what, int(match.group("count"))),)
        elif (match := _NO_DIRECT_UNLESS_MATERIAL.fullmatch(text)) and "xyz" in card.kinds \
                and (what := _filter(match.group("what"))) is not None:   # BPX-6
            found["no_direct_unless_material"] = what
        elif (match := _DIRECT_IF_ONLY.fullmatch(text)) and (what := _filter(match.group("what") + " monsters")) is not None:
            found["direct_if_only"] = what                                          # BPX-7
        elif (match := _DIRECT_IF_ONLY_MINE.fullmatch(text)) and (what := _filter(match.group("what"))) is not None:
            found["direct_if_only_mine"] = what
        elif _DIRECT_ALONE_IN_COLUMN.fullmatch(text):
            found["direct_alone_in_column"] = True                                  # BPN-6
        elif _DIRECT_NO_HAND.fullmatch(text):
            found["direct_no_hand"] = True                                          # BPX-8
        elif _DIRECT_ALL_DEFENSE.fullmatch(text):
            found["direct_all_defense"] = True
        elif _DIRECT_NOT_CO_LINKED.fullmatch(text) and "link" in card.kinds:
            found["direct_not_co_linked"] = True
        elif (match := _USER_ON_MONSTERS.fullmatch(text)) and card.is_monster and "user_on_monsters" not in found:
            found["user_on_monsters"] = (match.group("kind").lower(), match.group("attribute").lower(),
                                         int(match.group("count")) - 1)                  # MST-2
        elif (match := _PER_USED.fullmatch(text)) and card.is_extra_deck and "used_attacks" not in found \
                and "used_extra" not in found and (used := _per_used(card, match)) is not None:   # MUS-2
            found["used_attacks"] = used
        elif (match := _USED_SECOND.fullmatch(text) or _USED_ATTACKS.fullmatch(text)) and card.is_extra_deck \
                and match.group("kind").lower() in card.kinds and "used_extra" not in found \
                and "used_attacks" not in found and (condition := _used_condition(match.group("what"))) is not None:
            extra = 1 if match.re is _USED_SECOND else int(match.group("count")) - 1      # MUS-3
            found["used_extra"] = (match.group("kind").lower(), condition, extra)
        elif (match := _USED_UP_TO.fullmatch(text)) and card.is_extra_deck and "used_attacks" not in found \
                and match.group("kind").lower() in card.kinds and "used_extra" not in found \
                and (what := _filter(match.group("what"))) is not None:                   # MUS-3
            found["used_attacks"] = (what, match.group("kind").lower(), 0, False)
        elif (match := _SUMMONED_EXTRA.fullmatch(text)) and card.is_monster \
                and match.group("kind").lower() in card.kinds and "summoned_extra" not in found:     # SMT-2
            found["summoned_extra"] = (match.group("kind").lower(), 2 if "third" in match.group("what") else 1)
        elif (match := _GUARD_HIGHEST.fullmatch(text)) and "guard_highest" not in found \
                and (what := _filter(f'"{match.group("name")}" monsters')) is not None:   # ATQ-6
            found["guard_highest"] = what
        elif (match := _POINTED_ON_MONSTERS.fullmatch(text)) and "link" in card.kinds \
                and "pointed_on_monsters" not in found and (not match.group("gain") or changes_others_stats(card)) \
                and (what := _filter(match.group("what"))) is not None:             # ATQ-7
            found["pointed_on_monsters"] = (what, int(match.group("count")))
        elif _HIGHEST_ATK_ONLY.fullmatch(text):
            found["highest_atk_only"] = True                                        # ATQ-5
        elif _ATTACK_EXTRA_COST.fullmatch(text):
            found["attack_extra_cost"] = True                                       # ATQ-4
        elif match := _ATTACK_LP.fullmatch(text):
            found["attack_lp_cost"] = int(match.group("lp"))                        # BPX-15
        elif _CANNOT_WITH_OTHER.fullmatch(text):
            found["cannot_with_other"] = True                                       # BPX-12
        elif _ALL_ALONE.fullmatch(text) and "attack_all" not in found:
            found["attack_all"], found["attack_all_alone"] = True, True             # BPX-13
        elif (match := _EXTRA_WHILE_BANISHED.fullmatch(text)) \
                and (what := _filter(match.group("what"))) is not None:           # BPX-14
            found["extra_while_banished"] = what
        elif _DIRECT_IN_DEFENSE.fullmatch(text):
            found["direct_in_defense"] = True
        elif _DIRECT_WHILE_SET.fullmatch(text):
            found["direct_while_set"] = True
        elif _DIRECT.fullmatch(text):
            found["direct"] = True
        elif _NO_DIRECT.fullmatch(text):
            found["no_direct"] = True
        elif match := _EXTRA.fullmatch(text):
            found["extra"] = max(found.get("extra", 0), 2 if "third" in match.group("what") else 1)
        elif match := _ON_MONSTERS.fullmatch(text):
            found["extra_on_monsters"] = max(found.get("extra_on_monsters", 0), int(match.group("count")) - 1)
        elif _DEFENSE.fullmatch(text):
            found["in_defense"] = True
        elif _MATERIAL.fullmatch(text):
            found["needs_material"] = True
        elif _NOT_TARGET.fullmatch(text):
            found["not_target"] = True
        elif _IGNORED.fullmatch(text):
            found["ignored"] = True
        elif _EXTRA_IF_RAISED.fullmatch(text):
            found["extra_if_raised"] = True
        elif _CANNOT.fullmatch(text):
            found["cannot_attack"] = True
        elif _NO_MATERIAL.fullmatch(text):
            found["needs_material"] = True
        elif _DIRECT_MATERIAL.fullmatch(text):
            found["direct_with_material"] = True
        elif _NO_DIRECT_MATERIAL.fullmatch(text):
            found["no_direct_without_material"] = True
        elif _PER_MATERIAL.fullmatch(text):
            found["extra_per_material"] = True
        elif (_ONLY_TARGET.fullmatch(text) or _ONLY_TARGET_OWN.fullmatch(text)) and "only_target" not in found:
            found["only_target"] = True
        elif (lead := next((w for w in _WHILE if text.startswith(w)), None)) and "only_target" not in found \
                and _ONLY_TARGET.fullmatch(text[len(lead)].upper() + text[len(lead) + 1:]):
            found["only_target"], found["only_target_while"] = True, _WHILE[lead]
        elif (match := _COLUMN_TARGETS.fullmatch(text)) and (what := _filter(match.group("what"))) is not None:
            found["column_guard"] = what                                            # BPX-27
        elif _OTHERS.fullmatch(text):
            found["others_cannot_attack"] = True
            found["others_cannot_declare"] = " declare " in text
        elif _MUST_ATTACK_ALL.fullmatch(text) and "must_attack" not in found:     # BPO-1
            found["must_attack"] = "opponents"
        elif _MUST_ATTACK_SELF.fullmatch(text) and "must_attack" not in found:    # BPO-1
            found["must_attack"] = "self"
        elif card.is_monster and _MUST_ATTACK_THIS.fullmatch(text) and "must_attack" not in found:   # BPO-2
            found["must_attack"] = "this"
        elif card.is_monster and _MUST_ATTACK_HIGHEST.fullmatch(text) and "must_attack" not in found:   # MST-1
            found["must_attack"] = "highest"
        elif _ON_MONSTERS_PER_MATERIAL.fullmatch(text):
            found["on_monsters_per_material"] = True
        elif _ALL_WITH_MATERIAL.fullmatch(text):
            found["attack_all"], found["attack_all_needs_material"] = True, True
        elif _LOCK_ALL_DEFENSE.fullmatch(text):
            found["lock_all_defense"] = True
        elif match := _LOCK_ALONE.fullmatch(text):
            found["lock_alone_hand"] = int(match.group("count"))
        elif _NOT_TARGET_POINTING.fullmatch(text) and "link" in card.kinds:
            found["not_target_pointing"] = True
        elif _POINTED_NOT_TARGET.fullmatch(text) and "link" in card.kinds:
            found["pointed_not_target"] = True
        elif (match := _ONLY_NAMED.fullmatch(sentence)) and "only_target" not in found \
                and "only_target_among" not in found \
                and (among := _filter(f'monsters, except "{match.group("name")}"')) is not None:   # BPM-3
            found["only_target_among"], found["only_target_face_down"] = among, True
        elif (match := _ONLY_AMONG_FACE_DOWN.fullmatch(text)) and "only_target" not in found \
                and "only_target_among" not in found and (among := _filter(match.group("what"))) is not None:   # BPX-22
            found["only_target_among"], found["only_target_face_down"] = among, True
        elif (match := _ONLY_AMONG.fullmatch(text) or _ONLY_AMONG_ATTACK.fullmatch(text)) \
                and "only_target" not in found and (among := _filter(match.group("what"))) is not None:   # BPX-16
            found["only_target_among"] = among
        elif (match := _EMZ_GUARDS_MAIN.fullmatch(text)) and "main_zone_guard" not in found \
                and (what := _filter(match.group("what"))) is not None:                 # ATQ-2
            found["main_zone_guard"] = what
        elif _POINTED.fullmatch(text) and "link" in card.kinds:
            found["pointed_cannot_attack"] = True
        elif _ALL.fullmatch(text):
            found["attack_all"] = True
        elif _ALL_BANISH.fullmatch(text):
            found["attack_all"] = True                                              # BPN-1
        elif _OTHERS_FROZEN.fullmatch(text):                                        # BPN-3
            found["locks"] = found.get("locks", ()) + (AttackLock("both", others=True),)
            found["others_no_reposition"] = True
        elif (match := _PER_MATERIAL_OF.fullmatch(text)) and "xyz" in card.kinds \
                and (what := _filter(match.group("what"))) is not None:   # BPX-10
            found["per_material_of"] = what
        elif _ALL_SPECIAL.fullmatch(text) and "attack_all" not in found:          # BPM-1
            found["attack_all"], found["attack_all_special"] = True, True
        elif (match := _DIRECT_UNLESS_KIND.fullmatch(text)) and match.group("what") == match.group("what2") \
                and (what := _filter(match.group("what") + "s")) is not None:      # BPM-2
            found["direct_unless_kind"] = what
        elif (match := _ALL_AMONG.fullmatch(text)) and "attack_all" not in found \
                and (what := _filter(match.group("what"))) is not None:   # BPX-9
            found["attack_all"], found["attack_all_among"] = True, what
            found["attack_all_face_up"] = bool(match.group("face_up"))
        elif _SUMMON_TURN.fullmatch(text):
            found["cannot_summon_turn"] = True
        elif _SPECIAL_TURN.fullmatch(text) and not tribute_rules(card):     # never Normal Summoned or Set (NS-7)
            found["cannot_summon_turn"] = True
        elif _DIRECT_SPECIAL_TURN.fullmatch(text) and not tribute_rules(card):
            found["direct_summon_turn"] = True
        elif _ANY_SUMMON_TURN.fullmatch(text):
            found["cannot_any_summon_turn"] = True
        elif (match := _DIRECT_WHILE_CONTROL.fullmatch(text)) and (theirs := _filter(match.group("what"))) is not None:
            found["direct_while_control"], found["direct_unless_theirs"] = match.group("name"), theirs
        else:
            continue
        read.add(sentence)
    return AttackRules(**found, sentences=frozenset(read))
