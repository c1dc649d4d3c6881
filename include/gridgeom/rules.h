/* rules.h - SRD 5.2 combat outcomes on a grid scene: cover bonuses, targeting, sight, movement,
 * opportunity attacks, forced movement, fleeing, area targets and aiming. Layer: rules. */
#ifndef GRIDGEOM_RULES_H
#define GRIDGEOM_RULES_H

#include "gridgeom/base.h"
#include "gridgeom/core.h"
#include "gridgeom/topology.h"

#ifdef __cplusplus
extern "C" {
#endif

/* =============================================================================================
 * Stability promise
 *
 * A function declared here never changes meaning once released: a new rule gets a new function.
 * Inputs that may grow are def structs stamped with their size by a static inline _default()
 * function; fields added later go at the end and read as their default for callers built
 * against an older header. Enums are append-only with explicit values. Every function names the
 * SRD 5.2 clause it implements; docs/rules.md indexes clause -> function -> test.
 * Behaviour follows the Nat20 grid model where Nat20 defines it; docs/nat20.md maps each Nat20
 * function to ours and lists where we depart from it.
 * ============================================================================================= */

/* =============================================================================================
 * Creatures
 * ============================================================================================= */

/// "No creature": the value of a creature-index field that names nobody.
#define GG_NO_CREATURE (-1)

/// Most creatures a rules call accepts in one array (the calls keep per-creature cells on the
/// stack instead of allocating). Larger arrays give GG_E_TOO_LARGE.
#define GG_RULES_MAX_CREATURES 1024

/// One combatant as the rules layer sees it: the one body type of every layer (gg_body, core.h)
/// plus what only the rules read. Make it with gg_creature_default(), then set fields. Rules
/// calls take creatures as an array and name them by index; the array order is the initiative
/// order (it orders opportunity attacks).
///
/// Footprints: body.size is the creature's size (gg_size), its footprint anchored at body.cell
/// (its top-left cell). The Nat20-compatible calls (version 0.1) support 1x1 footprints only
/// (Tiny, Small, Medium), answer any other size with GG_E_INVALID_ARG and ignore the body's
/// heights; the calls of "Creatures of every size" (0.2) take every size and read the heights
/// as elevation.
/// @since 0.1
typedef struct gg_creature {
    uint32_t struct_size;     ///< set by gg_creature_default(); do not touch
    gg_body body;             ///< where it stands, its size, side (equal sides are allies) and
                              ///< gg_condition bits; default gg_body_make((0,0)), side 0
    bool tracked;             ///< false: its position is unknown (cell ignored); default true
    bool alive;               ///< false: dead, ignored as an occupant and a reactor; default true
    gg_senses senses;         ///< special senses in feet; default none (GG_SENSE_NONE)
    int32_t reach_ft;         ///< melee reach for opportunity attacks; 0 = none; default 5
    bool reaction_available;  ///< default true (SRD 5.2 "Reactions")
    bool disengaging;         ///< took the Disengage action this turn; default false
    int32_t frightened_by;    ///< index of the source of its Frightened condition; default none
    int32_t charmed_by;       ///< index of the creature that Charmed it; default none
    int32_t speed_ft;         ///< effective Speed in feet (>= 0); default 30
    int32_t movement_left_ft; ///< movement left this turn in feet (>= 0); default 30
} gg_creature;

/// A tracked, living, Medium creature at (0,0) on side 0 with no conditions, no special senses,
/// 5-ft reach, its reaction available, Speed 30 ft and 30 ft of movement left (SRD 5.2
/// "Creature Size": a Medium creature controls one 5-ft square; "Reach": 5 ft by default).
/// @thread pure
/// @since 0.1
static inline gg_creature gg_creature_default(void)
{
    gg_creature c;
    c.struct_size = (uint32_t)sizeof c;
    c.body = gg_body_make(gg_cell_make(0, 0));
    c.tracked = true;
    c.alive = true;
    c.senses = gg_senses_none();
    c.reach_ft = 5;
    c.reaction_available = true;
    c.disengaging = false;
    c.frightened_by = GG_NO_CREATURE;
    c.charmed_by = GG_NO_CREATURE;
    c.speed_ft = 30;
    c.movement_left_ft = 30;
    return c;
}

/* Every function below that takes `const gg_creature *creatures, int32_t count` checks the
 * array before anything else and answers:
 *   GG_E_INVALID_ARG   creatures NULL with count > 0, count < 0, an index argument outside
 *                      [0, count), a body.size whose footprint is not 1x1, negative
 *                      reach/speed/movement, a sense below GG_SENSE_NONE, unknown
 *                      condition bits, or frightened_by /
 *                      charmed_by outside [GG_NO_CREATURE, count);
 *   GG_E_BAD_DEF       a creature not made by gg_creature_default() (struct_size smaller than
 *                      this version's, or differing between elements: the array is read with
 *                      the first element's struct_size as its stride);
 *   GG_E_TOO_LARGE     count > GG_RULES_MAX_CREATURES;
 *   GG_E_OUT_OF_BOUNDS a tracked creature standing off the map.
 * Untracked and dead creatures are never occupants, reactors or area targets. */

/* =============================================================================================
 * Cover (SRD 5.2 "Cover")
 * ============================================================================================= */

/// The roll a cover bonus is asked for.
/// @since 0.1
typedef enum gg_cover_roll {
    GG_ROLL_ATTACK = 1,    ///< an attack roll against the target's AC
    GG_ROLL_DEX_SAVE = 2,  ///< a Dexterity saving throw
    GG_ROLL_OTHER_SAVE = 3 ///< any other saving throw
} gg_cover_roll;

/// Flag for gg_rules_cover_bonus(): the effect says the target gains no benefit from cover for
/// this saving throw (Sacred Flame). Only valid with a save.
#define GG_COVER_IGNORE_FOR_SAVE 1u

/// SRD 5.2 "Cover": Half Cover gives +2 and Three-Quarters Cover +5 "to AC and Dexterity saving
/// throws"; no cover gives 0; other saves never gain a bonus; GG_COVER_IGNORE_FOR_SAVE makes a
/// save's bonus 0. Total Cover gives 0 here because a target behind it "can't be targeted
/// directly" (see gg_rules_cover_targetable()); an area that reaches it anyway applies no bonus.
/// @return GG_OK; GG_E_INVALID_ARG for NULL out, an unknown cover or roll, unknown flag bits,
///         or GG_COVER_IGNORE_FOR_SAVE with GG_ROLL_ATTACK. *out_bonus is 0 on failure.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_cover_bonus(gg_cover cover, gg_cover_roll roll,
                                                   uint32_t flags, int32_t *out_bonus);

/// SRD 5.2 "Cover", Total Cover: "A target with Total Cover can't be targeted directly by an
/// attack or a spell". *out_targetable is false for GG_COVER_TOTAL, true otherwise.
/// @return GG_OK; GG_E_INVALID_ARG for NULL out or an unknown cover (*out_targetable false).
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_cover_targetable(gg_cover cover, bool *out_targetable);

/// Whose cover rules gg_rules_cover_score() applies to a measured line set.
/// @since 0.1
typedef enum gg_cover_edition {
    /// SRD 5.2 "Cover": the degree; Half Cover +2 and Three-Quarters Cover +5 to AC.
    GG_COVER_EDITION_5E = 0,
    /// 3.5 SRD "Cover": cover (+4 AC) for slight or partial obstruction, improved cover (+8 AC)
    /// for heavy obstruction, total cover for total obstruction.
    GG_COVER_EDITION_35 = 1,
    /// Pathfinder 1e: as the 3.5 SRD, but slight obstruction is partial cover (+2 AC).
    GG_COVER_EDITION_PF1 = 2
} gg_cover_edition;

/// How to score a cover measurement. Make it with gg_cover_score_def_default().
/// @since 0.1
typedef struct gg_cover_score_def {
    uint32_t struct_size;     ///< set by gg_cover_score_def_default(); do not touch
    gg_cover_edition edition; ///< default GG_COVER_EDITION_5E
    /// Degrees up to this one (never total) count as none, as a feature such as Sharpshooter
    /// ("ignore half cover and three-quarters cover") says; it acts on the degree and so on the
    /// SRD 5.2 bonus only. GG_COVER_NONE (default) ignores nothing; GG_COVER_TOTAL is invalid.
    gg_cover ignore_up_to;
} gg_cover_score_def;

/// SRD 5.2 scoring, nothing ignored.
/// @thread pure
/// @since 0.1
static inline gg_cover_score_def gg_cover_score_def_default(void)
{
    gg_cover_score_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.edition = GG_COVER_EDITION_5E;
    d.ignore_up_to = GG_COVER_NONE;
    return d;
}

/// An edition's verdict on a cover measurement.
/// @since 0.1
typedef struct gg_cover_score {
    gg_cover degree;  ///< the measured degree after ignore_up_to
    int32_t ac_bonus; ///< the edition's bonus to AC (SRD 5.2: 0, 2, 5; 3.5: 0, 4, 8; PF1: 0, 2,
                      ///< 4, 8); 0 when `total`
    bool total;       ///< total cover: the target can't be targeted directly (SRD 5.2: degree
                      ///< GG_COVER_TOTAL; 3.5 and PF1: GG_OBSTRUCTION_TOTAL)
    bool soft;        ///< 3.5 and PF1 soft cover: only creatures obstruct (GG_COVER_FLAG_SOFT),
                      ///< which gives no bonus against melee attacks there; false under SRD 5.2
} gg_cover_score;

/// Turns the geometry gg_scene_cover() measured (degree, obstruction class, flags) into an
/// edition's cover. Topology only measures; the editions live here. For the 3.5 and PF1
/// editions, measure with GG_COVER_CHOICE_OBSTRUCTION so that the kept line set is the least
/// obstructed one (docs/cover.md).
/// @return GG_OK; GG_E_BAD_DEF if `def` was not made by gg_cover_score_def_default();
///         GG_E_INVALID_ARG for NULL pointers, an unknown edition, an ignore_up_to outside
///         none..three-quarters, or a result whose degree or obstruction is out of range.
///         *out is zeroed (degree none) on failure.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_cover_score(const gg_cover_result *cover,
                                                   const gg_cover_score_def *def,
                                                   gg_cover_score *out);

/// The first failed condition of a direct-targeting check.
/// @since 0.1
typedef enum gg_target_check {
    GG_TARGET_OK = 0,
    GG_TARGET_OUT_OF_RANGE = 1,     ///< farther than the range (Chebyshev x cell size)
    GG_TARGET_NO_LINE_OF_SIGHT = 2, ///< a wall or blocked cell cuts the centre-to-centre line
    GG_TARGET_TOTAL_COVER = 3       ///< total cover without counting creatures
} gg_target_check;

/// SRD 5.2 "Range" (attacks and spells name a range), "Cover" (Total Cover cannot be targeted
/// directly) and "Spells: A Clear Path to the Target": checks, in this order and stopping at the
/// first failure, distance_ft(from,to) <= range_ft, line of sight from `from` to `to`, and
/// cover_between(from,to) without creatures not total. This is Nat20's `_in_range_with_los`,
/// which every attack and cast range gate uses.
/// @return GG_OK (*out_check says which condition failed, GG_TARGET_OK when none did);
///         GG_E_OUT_OF_BOUNDS for an off-map cell (*out_check = GG_TARGET_OUT_OF_RANGE, Nat20's
///         answer); GG_E_INVALID_ARG for NULL or range_ft < 0.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_check_target(const gg_scene *scene, gg_cell from, gg_cell to,
                                                    int32_t range_ft, gg_target_check *out_check);

/// SRD 5.2 "Cover": the cover between an attacker or an area's point of origin and `target`,
/// exactly as Nat20's `_target_cover_map`. With `area_origin` NULL (an attack) the
/// line runs from the caster's cell; creatures other than the caster and the target give at most
/// Half Cover ("another creature" is half cover). With an area origin the line runs from that
/// point, the caster counts as an obstacle like any other creature, and a target standing on
/// the origin gets its own cell's cover (cover_on_cell). Cover tags of cells on the line count,
/// the target's own cell's tag included; blocked cells on the line give Total Cover; walls give
/// no cover degree (they cut line of sight instead).
/// @return GG_OK; GG_E_OUT_OF_BOUNDS when the caster or the target is untracked (Nat20 gives no
///         entry) or `*area_origin` is off the map; the creature-array statuses above;
///         GG_E_INVALID_ARG for NULL scene/out. *out_cover is GG_COVER_NONE on failure.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_target_cover(const gg_scene *scene,
                                                    const gg_creature *creatures, int32_t count,
                                                    int32_t caster, int32_t target,
                                                    const gg_cell *area_origin,
                                                    gg_cover *out_cover);

/* =============================================================================================
 * Sight (SRD 5.2 "Vision and Light", "Blinded", "Invisible", "Unseen Attackers and Targets")
 * ============================================================================================= */

/// Whether `viewer` can see `target`, the composite of Nat20's `_combatant_can_see` (the code
/// variant, docs/nat20.md): an untracked viewer or target is seen; a Blinded viewer sees only what
/// its Blindsight reaches (SRD 5.2 "Blinded": "You can't see"; "Blindsight"); an Invisible target
/// is seen only by Blindsight or Truesight that reaches it (SRD 5.2 "Invisible", "Truesight");
/// otherwise gg_scene_can_see() with the viewer's senses (line of sight, heavy obscurement,
/// darkness and darkvision). "Reaches" here means the sense is at least 1 ft and the Chebyshev
/// distance in feet is within it (no line of sight needed). Darkvision never pierces Blinded or
/// Invisible; tremorsense is never consulted.
/// @return GG_OK; GG_E_OUT_OF_BOUNDS (= not seen) when a tracked creature is off the map;
///         GG_E_INVALID_ARG / GG_E_BAD_DEF for NULL or malformed creatures.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_can_see(const gg_scene *scene, const gg_creature *viewer,
                                               const gg_creature *target, bool *out_seen);

/// Sources of Advantage or Disadvantage on an attack roll that come from sight, as bits.
/// @since 0.1
typedef enum gg_sight_source {
    /// SRD 5.2 "Unseen Attackers and Targets": the target can't see the attacker (raw
    /// gg_scene_can_see() with the target's senses) -> Advantage.
    GG_SOURCE_UNSEEN_ATTACKER = 1u << 0,
    /// SRD 5.2 "Unseen Attackers and Targets": the attacker can't see the target (raw
    /// gg_scene_can_see() with the attacker's senses) -> Disadvantage.
    GG_SOURCE_UNSEEN_TARGET = 1u << 1,
    /// SRD 5.2 "Invisible": the attacker is Invisible and the target can't see it
    /// (gg_rules_can_see()) -> Advantage.
    GG_SOURCE_INVISIBLE_ATTACKER = 1u << 2,
    /// SRD 5.2 "Invisible": the target is Invisible and the attacker can't see it
    /// (gg_rules_can_see()) -> Disadvantage.
    GG_SOURCE_INVISIBLE_TARGET = 1u << 3,
    /// SRD 5.2 "Blinded": the attacker is Blinded -> Disadvantage.
    GG_SOURCE_BLINDED_ATTACKER = 1u << 4,
    /// SRD 5.2 "Blinded": the target is Blinded -> Advantage.
    GG_SOURCE_BLINDED_TARGET = 1u << 5,
    /// SRD 5.2 "Frightened": "Disadvantage on ability checks and attack rolls while the source
    /// of fear is within line of sight" -> Disadvantage. Reported by gg_rules_attack_sight_def()
    /// only (gg_rules_attack_sight() sees two creatures, not the source of fear).
    /// @since 0.2
    GG_SOURCE_FRIGHTENED_ATTACKER = 1u << 6
} gg_sight_source;

/// How a d20 is rolled (SRD 5.2 "Advantage/Disadvantage": one of each cancels out).
/// @since 0.1
typedef enum gg_roll_mode {
    GG_ROLL_NORMAL = 0,
    GG_ROLL_ADVANTAGE = 1,
    GG_ROLL_DISADVANTAGE = 2
} gg_roll_mode;

/// The sight-related verdict of one attack.
/// @since 0.1
typedef struct gg_attack_sight {
    bool attacker_sees_target; ///< raw gg_scene_can_see(attacker -> target); untracked = seen
    bool target_sees_attacker; ///< raw gg_scene_can_see(target -> attacker); untracked = seen
    uint32_t advantage;        ///< gg_sight_source bits granting Advantage
    uint32_t disadvantage;     ///< gg_sight_source bits imposing Disadvantage
    gg_roll_mode mode;         ///< Advantage, Disadvantage, or Normal when both or neither
} gg_attack_sight;

/// SRD 5.2 "Unseen Attackers and Targets", "Invisible", "Blinded" and
/// "Advantage/Disadvantage": the sight sources of an attack by `attacker` on `target`, both
/// directions. The unseen sources use the raw gg_scene_can_see() as Nat20's
/// `_target_visibility_maps` does (untracked positions are seen, conditions are ignored); the
/// Invisible sources use gg_rules_can_see(); the Blinded sources apply regardless of position.
/// Other sources (Prone, Dodge, ...) are the host's.
/// @return GG_OK; GG_E_OUT_OF_BOUNDS when a tracked creature is off the map; GG_E_INVALID_ARG /
///         GG_E_BAD_DEF for NULL or malformed creatures. *out is all-false/0 on failure.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_attack_sight(const gg_scene *scene,
                                                    const gg_creature *attacker,
                                                    const gg_creature *target,
                                                    gg_attack_sight *out);

/* =============================================================================================
 * Movement (SRD 5.2 "Movement and Position", "Opportunity Attacks", "Forced Movement")
 * ============================================================================================= */

/// Why a move was refused, in the order they are checked (Nat20's MoveFailed reasons).
/// @since 0.1
typedef enum gg_move_result {
    GG_MOVE_OK = 0,
    GG_MOVE_SPEED_ZERO = 1,           ///< effective Speed 0
    GG_MOVE_NOT_ADJACENT = 2,         ///< untracked mover or destination = start (legacy name)
    GG_MOVE_OCCUPIED = 3,             ///< a living creature (ally or enemy) stands there
    GG_MOVE_FRIGHTENED = 4,           ///< it would move closer to the source of its fear
    GG_MOVE_BLOCKED_PATH = 5,         ///< an adjacent destination behind a wall or cut corner
    GG_MOVE_UNREACHABLE = 6,          ///< no route (also off-map destinations)
    GG_MOVE_INSUFFICIENT_MOVEMENT = 7 ///< the route costs more than the movement left
} gg_move_result;

/// The name of a move verdict (SRD 5.2 "Movement and Position"), as Nat20 spells it: "ok", "speed_zero", "not_adjacent", "occupied", "frightened",
/// "blocked_path", "unreachable", "insufficient_movement"; "unknown" otherwise. Static storage.
/// @thread pure
/// @since 0.1
GG_API const char *gg_rules_move_result_name(gg_move_result r);

/// Plans `mover`'s move to `destination` without changing anything (atomic: on refusal nothing
/// moves and no movement is spent). Checks, first failure wins:
/// 1. speed_ft == 0 -> GG_MOVE_SPEED_ZERO (SRD 5.2 "Speed").
/// 2. mover untracked or destination == its cell -> GG_MOVE_NOT_ADJACENT.
/// 3. destination is the cell of another living tracked creature -> GG_MOVE_OCCUPIED
///    (SRD 5.2 "Moving Around Other Creatures": you can't willingly end a move in its space).
/// 4. Frightened (SRD 5.2 "Frightened": "can't willingly move closer to the source of its
///    fear"): the source (frightened_by, living and tracked) is strictly closer to destination
///    than to the start -> GG_MOVE_FRIGHTENED.
/// 5. destination adjacent but the step is illegal (wall, cut corner) -> GG_MOVE_BLOCKED_PATH.
/// 6. route = gg_scene_shortest_path() avoiding every living tracked creature of another side
///    (SRD 5.2 "Moving Around Other Creatures": an ally's space can be passed, an enemy's not)
///    -> none: GG_MOVE_UNREACHABLE (also an off-map destination).
/// 7. route cost (gg_scene_edge_distance() summed; SRD 5.2 "Difficult Terrain") >
///    movement_left_ft -> GG_MOVE_INSUFFICIENT_MOVEMENT.
/// 8. any step of the route strictly approaches the fear source -> GG_MOVE_FRIGHTENED.
/// On GG_MOVE_OK the route (start and destination included) is written to `out_path` and its
/// cost to *out_cost_ft; otherwise *out_count and *out_cost_ft are 0.
/// capacity >= movement_left_ft / cell_size_ft + 1 always suffices.
/// @return GG_OK (the verdict is *out_result); GG_E_BUFFER_TOO_SMALL (the route is affordable
///         but longer than `capacity`; *out_count = cells needed); the creature-array statuses;
///         GG_E_INVALID_ARG for NULL, negative capacity, or scratch made for another scene or
///         without GG_SCRATCH_FULL (the route is a whole-map search).
///         On every failure status *out_result is GG_MOVE_UNREACHABLE and *out_cost_ft is 0.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_plan_move(const gg_scene *scene, gg_scratch *scratch,
                                                 const gg_creature *creatures, int32_t count,
                                                 int32_t mover, gg_cell destination,
                                                 gg_cell *out_path, int32_t capacity,
                                                 int32_t *out_count, int32_t *out_cost_ft,
                                                 gg_move_result *out_result);

/// One opportunity attack in a schedule: `reactor` attacks while the mover still stands on
/// route[step], about to enter route[step + 1].
/// @since 0.1
typedef struct gg_oa_event {
    int32_t step;
    int32_t reactor;
} gg_oa_event;

/// SRD 5.2 "Opportunity Attacks": who provokes where along `route` (route[0] is where the mover
/// starts), assuming no attack stops the mover. Before each step route[i] -> route[i+1], every
/// creature, in array (initiative) order, attacks when all hold: the mover is not
/// disengaging (SRD 5.2 "Disengage"); the reactor is living, tracked, an enemy of the mover, not
/// Incapacitated, has its reaction and a reach (reach_ft > 0), and is not Charmed by the mover;
/// route[i] is within its reach with line of sight and without total cover
/// (gg_rules_check_target()); route[i+1] is not within its reach (plain distance: stepping
/// behind a wall while still in reach does not provoke); and it can see the mover standing on
/// route[i] (gg_rules_can_see()). A reactor attacks at most once, since it spends its reaction.
/// Events are written in step order, then initiative order. The runs of uninterrupted
/// movement are the route split at each provoking step: route[0..s1], route[s1..s2], ...,
/// route[sk..end], where s1 < ... < sk are the distinct event steps.
/// capacity >= count always suffices.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = events needed);
///         GG_E_OUT_OF_BOUNDS for an off-map route cell; the creature-array statuses;
///         GG_E_INVALID_ARG for NULL, route_count < 0 or negative capacity.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_opportunity_schedule(const gg_scene *scene,
                                                            const gg_creature *creatures,
                                                            int32_t count, int32_t mover,
                                                            const gg_cell *route,
                                                            int32_t route_count, gg_oa_event *out,
                                                            int32_t capacity, int32_t *out_count);

/// SRD 5.2 "Forced Movement" (Thunderwave, Push mastery, Shove): `pusher` pushes `target` up to
/// distance_ft straight away from the pusher's cell (8-way, per-axis sign), stopping before an
/// off-map cell, an illegal step, or a cell occupied by another living tracked creature (the
/// pusher included); no opportunity attacks, no movement spent (as
/// gg_scene_push_path()). Writes the cells entered; the target ends on the last one. Zero cells
/// when it cannot move (or pusher == target).
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = cells needed);
///         GG_E_OUT_OF_BOUNDS when the pusher or target is untracked; the creature-array
///         statuses; GG_E_INVALID_ARG for NULL, distance_ft < 0 or negative capacity.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_push(const gg_scene *scene, const gg_creature *creatures,
                                            int32_t count, int32_t pusher, int32_t target,
                                            int32_t distance_ft, gg_cell *out, int32_t capacity,
                                            int32_t *out_count);

/// What a fleeing creature knows. Make it with gg_flee_def_default().
/// @since 0.1
typedef struct gg_flee_def {
    uint32_t struct_size;   ///< set by gg_flee_def_default(); do not touch
    gg_cell start;          ///< where the fleeing creature stands
    int32_t budget_ft;      ///< movement it may spend (>= 0)
    const gg_cell *threats; ///< cells it flees from (at least one); borrowed
    int32_t threat_count;
    const gg_cell *avoid; ///< cells it may not enter (enemies' spaces); borrowed, may be NULL
    int32_t avoid_count;
    const gg_cell *occupied; ///< cells it may not end on (any creature); borrowed, may be NULL
    int32_t occupied_count;
} gg_flee_def;

/// An empty flee def at (0,0) with a 0-ft budget.
/// @thread pure
/// @since 0.1
static inline gg_flee_def gg_flee_def_default(void)
{
    gg_flee_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.start.col = 0;
    d.start.row = 0;
    d.budget_ft = 0;
    d.threats = NULL;
    d.threat_count = 0;
    d.avoid = NULL;
    d.avoid_count = 0;
    d.occupied = NULL;
    d.occupied_count = 0;
    return d;
}

/// Sizing helper for gg_rules_flee_route() (SRD 5.2 "Movement and Position": a budget of
/// budget_ft feet reaches at most floor(budget_ft / cell_size_ft) squares in any direction).
/// Cells of `work` that gg_rules_flee_route() may need for a budget: min(width * height,
/// (2 * floor(budget_ft / cell_size_ft) + 1)^2).
/// @return GG_OK; GG_E_INVALID_ARG for NULL or budget_ft < 0.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_flee_work_capacity(const gg_scene *scene, int32_t budget_ft,
                                                          int32_t *out_capacity);

/// SRD 5.2 "Movement and Position" (a creature may move up to its Speed) applied to a monster's
/// retreat, Nat20's `_plan_flee_route`: among the cells gg_scene_reachable() finds
/// within budget_ft while avoiding `avoid`, excluding the start and `occupied` cells, pick the
/// one whose distance to the nearest threat is greatest and greater than the start's; ties go
/// to the cheaper cell, then the smaller column, then the smaller row. Writes the route from
/// the start to that cell (start included). Zero cells (GG_OK): no cell is safer, the creature
/// holds. `work` holds the reach map (size it with gg_rules_flee_work_capacity()); a route
/// never exceeds budget_ft / cell_size_ft + 1 cells.
/// Working memory: scratch made with GG_SCRATCH_FULL, or GG_SCRATCH_BOUNDED for budget_ft.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written; *out_count = route cells needed, or 0
///         when `work`, or a GG_SCRATCH_BOUNDED scratch's budget, was too small);
///         GG_E_OUT_OF_BOUNDS for an off-map start; GG_E_BAD_DEF;
///         GG_E_INVALID_ARG for NULL, no threats, negative counts or budget, or scratch made for
///         another scene. Off-map threat, avoid and occupied cells are ignored.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_flee_route(const gg_scene *scene, gg_scratch *scratch,
                                                  const gg_flee_def *def, gg_reach *work,
                                                  int32_t work_capacity, gg_cell *out,
                                                  int32_t capacity, int32_t *out_count);

/* =============================================================================================
 * Areas of effect (SRD 5.2 "Areas of Effect")
 * ============================================================================================= */

/// An area placed on the scene: the core template (the one description of an area's shape,
/// size and direction, core.h) at a point of origin. Make it with gg_area_def_default().
/// `tpl.size_ft` must be > 0 here; Cone, Cube and Line need a direction.
/// @since 0.1
typedef struct gg_area_def {
    uint32_t struct_size; ///< set by gg_area_def_default(); do not touch
    gg_template tpl;      ///< default: a GG_SHAPE_SPHERE of size 0 (must be set) without
                          ///< direction
    gg_cell origin;       ///< the point of origin's cell; default (0,0)
} gg_area_def;

/// A sphere of size 0 at (0,0) without direction; set tpl and origin.
/// @thread pure
/// @since 0.1
static inline gg_area_def gg_area_def_default(void)
{
    gg_area_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.tpl.shape = GG_SHAPE_SPHERE;
    d.tpl.size_ft = 0;
    d.tpl.has_direction = false;
    d.tpl.direction.col = 0;
    d.tpl.direction.row = 0;
    d.origin.col = 0;
    d.origin.row = 0;
    return d;
}

/// One creature an area reaches, with its cover from the point of origin.
/// @since 0.1
typedef struct gg_area_target {
    int32_t creature; ///< index into the creature array
    gg_cover cover;   ///< gg_rules_target_cover() with the area's origin
} gg_area_target;

/// SRD 5.2 "Areas of Effect" and "Point of Origin": the area's template at its point of origin
/// (gg_template_cells()), trimmed by line of effect (a cell is kept when it is the origin or
/// has line of sight from it and less than total cover; "To block a line, an obstruction must
/// provide Total Cover"), the origin dropped for shapes that exclude it. Every living tracked
/// creature whose footprint touches a kept cell is listed in array order - the caster and its
/// allies included; choosing whom to spare is the host's - with its cover from the origin for
/// its Dexterity save (SRD 5.2 "Cover"; gg_rules_target_cover() with the origin).
/// @return GG_OK; GG_PARTIAL (capacity cut the list; *out_count = full count);
///         GG_E_OUT_OF_BOUNDS for an off-map origin; GG_E_BAD_DEF; GG_E_INVALID_ARG for NULL,
///         an unknown shape, size_ft <= 0, a missing or (0,0) direction on a directional shape,
///         or negative capacity; the creature-array statuses.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_area_targets(const gg_scene *scene,
                                                    const gg_creature *creatures, int32_t count,
                                                    const gg_area_def *area, gg_area_target *out,
                                                    int32_t capacity, int32_t *out_count);

/// Which creatures an area's effect applies to, among those in it.
/// @since 0.1
typedef enum gg_affects {
    GG_AFFECTS_CREATURES = 0, ///< every creature in the area
    GG_AFFECTS_ENEMIES = 1,   ///< "each enemy": only the actor's enemies
    GG_AFFECTS_ALLIES = 2     ///< "each ally": only the actor and its allies
} gg_affects;

/// A monster's area to aim. Make it with gg_aim_def_default().
/// @since 0.1
typedef struct gg_aim_def {
    uint32_t struct_size;        ///< set by gg_aim_def_default(); do not touch
    gg_shape shape;              ///< default GG_SHAPE_SPHERE
    int32_t size_ft;             ///< > 0; default 0 (must be set)
    int32_t actor;               ///< index of the aiming creature; default GG_NO_CREATURE
    const gg_cell *target_cells; ///< points of origin offered for Sphere/Cylinder; borrowed
    int32_t target_count;
    gg_affects affects;  ///< default GG_AFFECTS_CREATURES
    bool choice;         ///< "each creature of your choice"; default false
    int32_t max_targets; ///< "up to N creatures"; 0 = no limit (default)
    bool harmful;        ///< a save or damage (true, default) or a heal (false)
} gg_aim_def;

/// A sphere aim with no actor and no offered cells.
/// @thread pure
/// @since 0.1
static inline gg_aim_def gg_aim_def_default(void)
{
    gg_aim_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.shape = GG_SHAPE_SPHERE;
    d.size_ft = 0;
    d.actor = GG_NO_CREATURE;
    d.target_cells = NULL;
    d.target_count = 0;
    d.affects = GG_AFFECTS_CREATURES;
    d.choice = false;
    d.max_targets = 0;
    d.harmful = true;
    return d;
}

/// A creature's part in a chosen aim.
/// @since 0.1
typedef enum gg_area_role {
    GG_ROLE_OUTSIDE = 0,  ///< not in the area
    GG_ROLE_AFFECTED = 1, ///< in the area and affected
    GG_ROLE_SPARED = 2    ///< in the area but not affected (choice, count or affects filter)
} gg_area_role;

/// The aim gg_rules_best_aim() chose.
/// @since 0.1
typedef struct gg_aim {
    bool found;         ///< false: no candidate affects an enemy without the actor
    gg_cell origin;     ///< the point of origin
    bool has_direction; ///< true for Cone, Cube and Line
    gg_cell direction;  ///< one of the 8 unit directions
    int32_t enemies;    ///< affected enemies
    int32_t allies;     ///< affected allies (the actor never is)
} gg_aim;

/// SRD 5.2 "Areas of Effect" (a Cone, Cube or Line extends "in a direction its creator
/// chooses"; a Sphere's or Cylinder's point of origin is chosen; an Emanation surrounds its
/// creator) applied to monster aiming, Nat20's `best_aim`. Candidates, in order:
/// Sphere/Cylinder - each of `target_cells` (Nat20 offers enemy cells); Cone/Cube/Line - the
/// actor's cell aimed N, NE, E, SE, S, SW, W, NW; Emanation - the actor's cell. For each, the
/// creatures in the area (as gg_rules_area_targets(), in array order) are filtered: `affects`
/// keeps enemies or allies (the actor counts as an ally); then, when `choice` or max_targets is
/// set, a harmful area keeps enemies and a helpful one allies; then the first max_targets.
/// A candidate that affects the actor or no enemy is skipped. The best has the most
/// (enemies - allies), then the fewest allies, then the least spread (the sum over affected
/// enemies of the Chebyshev distance to the origin for undirected areas, |dc*dr' - dr*dc'| off
/// the aim line for directed ones); ties keep the earlier candidate. `out_roles` (count entries,
/// may be NULL) receives each creature's role in the chosen aim.
/// @return GG_OK (*out says whether an aim was found); GG_E_BAD_DEF; GG_E_INVALID_ARG for NULL,
///         an unknown shape or affects, size_ft <= 0, max_targets < 0, target_count < 0, NULL
///         target_cells with target_count > 0, or an actor outside [0, count); the
///         creature-array statuses (an untracked actor gives GG_E_OUT_OF_BOUNDS). Off-map
///         offered cells are skipped.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_rules_best_aim(const gg_scene *scene, const gg_creature *creatures,
                                                int32_t count, const gg_aim_def *def, gg_aim *out,
                                                gg_area_role *out_roles);

/* ---- Areas at any angle (SRD 5.2 "Areas of Effect"; core.h gg_shape_def) -------------------- */

/// How gg_rules_shape_cells() and gg_rules_shape_targets() apply an any-angle area on a scene.
/// Make it with gg_shape_rule_def_default().
/// @since 0.2
typedef struct gg_shape_rule_def {
    uint32_t struct_size;  ///< set by gg_shape_rule_def_default(); do not touch
    gg_area_affect affect; ///< when a creature is in the area; default GG_AFFECT_ANY_SQUARE
    bool line_of_effect;   ///< trim squares the point of origin has no line of effect to;
                           ///< default true (SRD 5.2)
} gg_shape_rule_def;

/// Any square counts, line of effect trimmed.
/// @thread pure
/// @since 0.2
static inline gg_shape_rule_def gg_shape_rule_def_default(void)
{
    gg_shape_rule_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.affect = GG_AFFECT_ANY_SQUARE;
    d.line_of_effect = true;
    return d;
}

/// SRD 5.2 "Areas of Effect": the squares of the scene that `shape` covers (gg_shape_cells(),
/// shape->coverage decides) and that its point of origin has line of effect to ("If there's no
/// unblocked straight line extending from the point of origin to a location within the area of
/// effect, that location isn't included"; "an obstruction must provide Total Cover" to block
/// one). A point of origin on a wall reaches both sides of it. A square
/// is reached when gg_scene_cover() in GG_COVER_MODE_CORNERS_2D, from the point of origin (kind
/// GG_ATTACK_AREA; the origin rounded to the nearest 1/16 square, exact for centres, grid
/// intersections and edge middles) or, for an Emanation, from the corners of the source's space,
/// without creatures, is not total. Order and capacity as gg_shape_cells().
/// @return GG_OK; GG_PARTIAL (capacity cut the list; *out_count = full count); the statuses of
///         gg_shape_cells() (GG_E_INVALID_ARG, GG_E_BAD_DEF, GG_E_TOO_LARGE; the cell size is
///         the scene's); GG_E_BAD_DEF for a def not made by gg_shape_rule_def_default();
///         GG_E_INVALID_ARG for NULL scene, shape, def or out_count, an unknown affect, negative
///         capacity or NULL out with capacity > 0; GG_E_OUT_OF_BOUNDS when line of effect is
///         asked and the point of origin (for an Emanation, the source's anchor) is off the map.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_shape_cells(const gg_scene *scene, const gg_shape_def *shape,
                                                   const gg_shape_rule_def *def, gg_cell *out,
                                                   int32_t capacity, int32_t *out_count);

/// SRD 5.2 "Areas of Effect": every living tracked creature the area reaches, in array order,
/// caster and allies included (choosing whom to spare is the host's), with its cover for the
/// Dexterity save (SRD 5.2 "Cover"; gg_scene_cover() in GG_COVER_MODE_CORNERS_2D from the point
/// of origin, or from the Emanation source's corners, the other creatures giving half cover).
/// A creature is reached when gg_shape_covers_body() says so under def->affect and at least one
/// square of its space is reached by line of effect (as gg_rules_shape_cells()). An Emanation
/// never reaches its source. Creatures of every size are accepted (the creature-array checks of
/// "Creatures of every size" below; the heights are checked, not used). Without line-of-effect
/// trimming an off-map point of origin is allowed, and then every cover is GG_COVER_NONE.
/// Stack: about 32 KiB for the other creatures' bodies on top of gg_scene_cover()'s.
/// @return GG_OK; GG_PARTIAL (capacity cut the list; *out_count = full count); the statuses of
///         gg_rules_shape_cells(); the creature-array statuses.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_shape_targets(
    const gg_scene *scene, const gg_creature *creatures, int32_t count, const gg_shape_def *shape,
    const gg_shape_rule_def *def, gg_area_target *out, int32_t capacity, int32_t *out_count);

/// The name of an SRD 5.2 "Cover" degree: "none", "half", "three_quarters", "total"; "unknown" otherwise.
/// Static storage.
/// @thread pure
/// @since 0.1
GG_API const char *gg_rules_cover_name(gg_cover cover);

/// The name of a targeting verdict (SRD 5.2 "Range", "Cover"): "ok", "out_of_range", "no_line_of_sight", "total_cover";
/// "unknown" otherwise. Static storage.
/// @thread pure
/// @since 0.1
GG_API const char *gg_rules_target_check_name(gg_target_check check);

/* =============================================================================================
 * Creatures of every size, elevation, flanking and senses (SRD 5.2)
 *
 * The calls of this section accept creatures of every size, Tiny to Gargantuan (a footprint of
 * gg_size_cells(body.size) squares anchored at body.cell, every square of it on the map when
 * the creature is tracked), and read their elevation: body.base_in (the height of its feet:
 * flying or climbing) and body.height_in (0: its footprint side times the cell size, so a
 * creature's space is a cube, SRD 5.2 "Creature Size": a Large creature controls a 10-by-10-foot
 * space). Each takes a gg_rules_def naming the reading of the rules it follows: the Nat20
 * reading (gg_rules_def_default(); on 1x1 creatures at ground level every call gives the very
 * answers of the Nat20-compatible call it extends) or the SRD 5.2 text (gg_rules_def_srd()).
 * docs/rules.md lists the defaults and why.
 *
 * The 3-D rule (distance, range, reach, senses): a creature's space spans the 5-ft layers
 * (cell-size layers) its body touches, from the layer holding its feet, floor(base_in /
 * cell_in), up to ceil((base_in + height) / cell_in) - 1, with cell_in = 12 * cell_size_ft. The
 * distance between two creatures is the distance between their nearest cells in three
 * dimensions, the vertical counting as a third grid axis under the def's diagonal rule: with
 * axis gaps a >= b >= c in squares, Chebyshev (SRD 5.2 "Diagonals": every square counts 5 ft)
 * gives a squares, the alternating 5-10-5 rule a + floor(b / 2), Manhattan a + b + c. SRD 5.2
 * gives no three-dimensional measure; counting layers as squares is the grid's own rule applied
 * to the third axis, so a flyer directly above a Medium creature's head (its feet 5 ft up) is
 * 5 ft away and one 10 ft up is 10 ft away.
 *
 * These calls check the creature array as above, except that every size is accepted, and add:
 * GG_E_INVALID_ARG for |base_in| or height_in beyond GG_COVER_HEIGHT_LIMIT or height_in < 0;
 * GG_E_OUT_OF_BOUNDS for a tracked creature whose footprint leaves the map; GG_E_BAD_DEF for a
 * def not made by gg_rules_def_default() or gg_rules_def_srd(); GG_E_INVALID_ARG for an
 * unknown metric or GG_METRIC_EUCLIDEAN (no exact 3-D form).
 * ============================================================================================= */

/// The reading of the rules a call of this section follows. Make it with gg_rules_def_default()
/// (Nat20's reading) or gg_rules_def_srd() (the SRD 5.2 text), then set fields.
/// @since 0.2
typedef struct gg_rules_def {
    uint32_t struct_size; ///< set by the _default() functions; do not touch
    /// Diagonal rule of distances (3-D rule above): GG_METRIC_CHEBYSHEV (both presets: SRD 5.2
    /// "Diagonals" and Nat20's distance_ft), GG_METRIC_ALTERNATING or GG_METRIC_MANHATTAN.
    gg_metric metric;
    /// A creature looks and attacks from any square of its space and at any square of the
    /// other's space, the most favourable pair winning (the DMG grid rules: "choose a corner of
    /// the attacker's space", lines "to any part of another space"). false: anchor to anchor
    /// only (Nat20, which represents a creature by its anchor cell). Nat20 false, SRD true.
    /// Sight always sees a target if any of its squares is seen.
    bool any_square;
    /// SRD 5.2 "Cover": a target benefits from cover only when an attack "originates on the
    /// opposite side of the cover". true: a cover-tagged square counts only when it lies
    /// strictly between the two squares on the line, never the target's own square (walls with
    /// a cover value count when the line touches them, as always). false: Nat20, whose
    /// cover_between counts the target's own square's tag. Nat20 false, SRD true.
    bool cover_far_side;
    /// Truesight that reaches sees into heavily obscured squares (fog, foliage). Nat20 true
    /// (its can_see lets Truesight and Blindsight through any obscurement); SRD false (SRD 5.2
    /// "Truesight" pierces Darkness, magical Darkness and invisibility, not fog or foliage).
    bool truesight_pierces_fog;
    /// A heavily obscured (or magically dark) square strictly between the viewer's and the
    /// target's squares on the sight line blocks sight, as many tables and VTTs play fog.
    /// false in both presets: SRD 5.2 "Heavily Obscured" Blinds a creature "trying to see
    /// something in" such a space, so only the target's square counts (Nat20 reads it so too).
    bool obscured_between_blocks;
    /// SRD 5.2 "Moving Around Other Creatures": a mover may also pass through the space of an
    /// Incapacitated creature, a Tiny creature or one two sizes apart (gg_move_def's
    /// pass_size_apart). Nat20 false (allies only), SRD true.
    bool pass_size_apart;
    /// SRD 5.2 "Moving Around Other Creatures": another creature's space is Difficult Terrain
    /// unless it is Tiny or your ally (gg_move_def's occupied_difficult). Nat20 false, SRD true.
    bool occupied_difficult;
    /// SRD 5.1 "Squeezing into a Smaller Space": gg_rules_route() lets a creature move through
    /// and stop in a space one size smaller than its own, at 1 extra foot per foot. false in
    /// both presets: SRD 5.2 has no squeezing rule (and Nat20 none), so a host asks for it.
    bool squeeze;
} gg_rules_def;

/// Nat20's reading: Chebyshev, anchor cells, the target's own cover tag counts, Truesight
/// sees through fog, obscurement between does not block, allies alone passable, occupied
/// spaces cost nothing extra, no squeezing.
/// @thread pure
/// @since 0.2
static inline gg_rules_def gg_rules_def_default(void)
{
    gg_rules_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.metric = GG_METRIC_CHEBYSHEV;
    d.any_square = false;
    d.cover_far_side = false;
    d.truesight_pierces_fog = true;
    d.obscured_between_blocks = false;
    d.pass_size_apart = false;
    d.occupied_difficult = false;
    d.squeeze = false;
    return d;
}

/// The SRD 5.2 reading: Chebyshev, any square of a space, cover from the far side only,
/// Truesight stopped by fog, obscurement between does not block, SRD 2024 passing rules and
/// occupied spaces as Difficult Terrain; no squeezing (SRD 5.2 has no such rule).
/// @thread pure
/// @since 0.2
static inline gg_rules_def gg_rules_def_srd(void)
{
    gg_rules_def d = gg_rules_def_default();
    d.any_square = true;
    d.cover_far_side = true;
    d.truesight_pierces_fog = false;
    d.pass_size_apart = true;
    d.occupied_difficult = true;
    return d;
}

/// SRD 5.2 "Creature Size" (a creature's space), "Reach" and "Range", with elevation: the
/// distance in feet between the spaces of creatures `a` and `b` by the 3-D rule above
/// (overlapping spaces are 0 ft apart; neighbours 5 ft on a 5-ft grid). Untracked creatures
/// still have a space at body.cell here.
/// @return GG_OK; the section's statuses; GG_E_INVALID_ARG for NULL or an index outside
///         [0, count); GG_E_TOO_LARGE when the distance exceeds INT32_MAX feet. *out_ft is 0
///         on failure.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_distance(const gg_scene *scene, const gg_creature *creatures,
                                                int32_t count, int32_t a, int32_t b,
                                                const gg_rules_def *def, int32_t *out_ft);

/// The verdict of gg_rules_check_attack().
/// @since 0.2
typedef struct gg_attack_check {
    gg_target_check check; ///< the first failed condition; GG_TARGET_OK when none failed
    gg_cover cover;        ///< the target's cover from the chosen pair (GG_TARGET_OK only)
    gg_cell from;          ///< the attacker's square the attack is traced from
    gg_cell to;            ///< the target's square it is traced to
    int32_t distance_ft;   ///< gg_rules_distance() between the two creatures
} gg_attack_check;

/// SRD 5.2 "Range", "Reach", "Cover" ("A target with Total Cover can't be targeted directly";
/// "another creature" gives Half Cover) and "Spells: A Clear Path to the Target", for creatures
/// of every size at any elevation: `attacker` can target `target` with a range or reach of
/// range_ft when gg_rules_distance() <= range_ft, and some pair of squares (attacker square,
/// target square) has line of sight (gg_scene_has_line_of_sight()) and no total cover without
/// creatures. The pairs tried: the anchors only, or with def->any_square every square of the
/// attacker's space (row by row) with every square of the target's; the first pair with the
/// least cover wins (the attacker chooses). The cover of a pair is Nat20's cover_between with
/// every square of every other living tracked creature's space as occupied (Half Cover at
/// most), and with def->cover_far_side the target's own square's tag left out. With the Nat20
/// def on 1x1 creatures at ground level, check and cover equal gg_rules_check_target() and
/// gg_rules_target_cover() (attack form).
/// @return GG_OK (*out holds the verdict); the section's statuses; GG_E_OUT_OF_BOUNDS when the
///         attacker or target is untracked; GG_E_INVALID_ARG for NULL, range_ft < 0 or indices
///         outside [0, count). On failure *out has check GG_TARGET_OUT_OF_RANGE, cover none.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_check_attack(const gg_scene *scene,
                                                    const gg_creature *creatures, int32_t count,
                                                    int32_t attacker, int32_t target,
                                                    int32_t range_ft, const gg_rules_def *def,
                                                    gg_attack_check *out);

/// SRD 5.2 "Opportunity Attacks" for creatures of every size at any elevation:
/// gg_rules_opportunity_schedule() with reach measured from the reactor's space to the mover's
/// space (gg_rules_distance() by the def's rule) instead of cell to cell. `route` lists the
/// mover's anchors (route[0] where it starts; its elevation is its body's throughout). Before
/// each step route[i] -> route[i+1], in initiative (array) order, a reactor attacks when: the
/// mover is not disengaging; the reactor is living, tracked, an enemy, not Incapacitated, has
/// its reaction and a reach, and is not Charmed by the mover; gg_rules_check_attack() from the
/// reactor to the mover standing on route[i] with range reach_ft is GG_TARGET_OK; the mover on
/// route[i+1] is farther than reach_ft (plain distance); and the reactor can see the mover on
/// route[i] (gg_rules_sees()). With the Nat20 def on 1x1 creatures at ground level the events
/// equal gg_rules_opportunity_schedule()'s.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = events needed);
///         GG_E_OUT_OF_BOUNDS when the mover's footprint on a route anchor leaves the map; the
///         section's statuses; GG_E_INVALID_ARG for NULL, route_count < 0 or negative capacity.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_opportunity_attacks(
    const gg_scene *scene, const gg_creature *creatures, int32_t count, int32_t mover,
    const gg_cell *route, int32_t route_count, const gg_rules_def *def, gg_oa_event *out,
    int32_t capacity, int32_t *out_count);

/// The verdict of gg_rules_flanking().
/// @since 0.2
typedef struct gg_flank {
    bool flanked;  ///< the attacker and `ally` flank the target
    int32_t ally;  ///< the first flanking ally in array order; GG_NO_CREATURE when none
    bool adjacent; ///< the attacker itself is adjacent to the target (a flanker must be)
} gg_flank;

/// The optional Flanking rule (2014 Dungeon Master's Guide, "Optional Rule: Flanking"; not in
/// SRD 5.2): "When a creature and at least one of its allies are adjacent to an enemy and on
/// opposite sides or corners of the enemy's space, they flank that enemy" and have Advantage on
/// melee attack rolls against it; "trace an imaginary line between the centers of the
/// creatures' spaces. If the line passes through opposite sides or corners of the enemy's
/// space, the enemy is flanked." Adjacent, walls respected: gg_rules_check_attack() with a
/// range of one cell (any square of either space; elevation counts) is GG_TARGET_OK. An ally
/// is a living, tracked creature on the attacker's side that is not Incapacitated (it can't
/// act) other than the attacker and the target. The line between the centres of the two
/// spaces must enter the target's space through a side or corner and leave it through the
/// opposite one (a corner counts for both of its sides; a line grazing an edge or a corner does
/// not pass through the space). Exact integer arithmetic.
/// @return GG_OK; the section's statuses; GG_E_OUT_OF_BOUNDS when the attacker or target is
///         untracked; GG_E_INVALID_ARG for NULL or indices outside [0, count) or equal.
///         *out is {false, GG_NO_CREATURE, false} on failure.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_flanking(const gg_scene *scene, const gg_creature *creatures,
                                                int32_t count, int32_t attacker, int32_t target,
                                                const gg_rules_def *def, gg_flank *out);

/// Whether `viewer` sees `target`, for creatures of every size at any elevation, with the
/// senses of SRD 5.2 "Vision and Light": gg_rules_can_see() extended. Untracked: seen. A
/// Blinded viewer sees only what its Blindsight reaches; an Invisible target only by
/// Blindsight or Truesight that reaches ("reaches": the sense is > 0 ft and gg_rules_distance()
/// is within it). Otherwise some pair of squares (a viewer square: its anchor, or any with
/// def->any_square; a target square: any, "seen if any of its squares is seen") must have line
/// of sight and: Blindsight reaching (>= 0 ft here, as gg_scene_can_see()) sees; Truesight
/// reaching sees unless !truesight_pierces_fog and the target square is heavily obscured
/// (GG_OBSCURE_HEAVY); with obscured_between_blocks a heavily obscured or magically dark square
/// strictly between on the Bresenham walk blocks (Truesight passes magical Darkness, and fog
/// too when truesight_pierces_fog); a heavily obscured target square hides it; a magically
/// dark one (GG_OBSCURE_MAGICAL_DARKNESS) too, except from Truesight ("Darkvision can't see
/// through it"); a square in bright or dim light is seen; a dark one by Truesight or
/// Darkvision that reaches. With the Nat20 def on 1x1 creatures at ground level the answer
/// equals gg_rules_can_see()'s.
/// @return GG_OK; the section's statuses; GG_E_INVALID_ARG for NULL or indices outside
///         [0, count). *out_seen is false on failure.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_sees(const gg_scene *scene, const gg_creature *creatures,
                                            int32_t count, int32_t viewer, int32_t target,
                                            const gg_rules_def *def, bool *out_seen);

/// gg_rules_attack_sight() for creatures of every size at any elevation, with gg_rules_sees()
/// (the unseen sources use it without conditions, the Invisible sources with them) and one
/// more source: GG_SOURCE_FRIGHTENED_ATTACKER when the attacker is Frightened (frightened_by)
/// and its source of fear, living and tracked, is within line of sight: some square of the
/// attacker's space (the anchor, or any with def->any_square) has line of sight to some square
/// of the source's (SRD 5.2 "Frightened"; line of sight, not sight: darkness does not end it).
/// With the Nat20 def on 1x1 creatures at ground level and no fear, *out equals
/// gg_rules_attack_sight()'s.
/// @return GG_OK; the section's statuses; GG_E_INVALID_ARG for NULL or indices outside
///         [0, count). *out is all-false/0 on failure.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_attack_sight_def(const gg_scene *scene,
                                                        const gg_creature *creatures, int32_t count,
                                                        int32_t attacker, int32_t target,
                                                        const gg_rules_def *def,
                                                        gg_attack_sight *out);

/// SRD 5.2 "Moving Around Other Creatures" for the movement queries: fills `out` (a
/// gg_move_def_default() with the def's metric) for `mover`: its size and side, and as
/// `others` the bodies of every living tracked creature but the mover, written to
/// others[0..*out_count) (out->others points there: keep `others` alive while `out` is used).
/// def->pass_size_apart and def->occupied_difficult carry the SRD 2024 passing rules; the
/// topology queries (gg_scene_lowest_cost_path(), gg_scene_move_field(), ...) then never end a
/// move in an occupied space. capacity >= count always suffices.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (*out_count = bodies needed; *out is the default);
///         the section's statuses; GG_E_OUT_OF_BOUNDS for an untracked mover;
///         GG_E_INVALID_ARG for NULL, a negative capacity or an index outside [0, count).
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_move_def(const gg_scene *scene, const gg_creature *creatures,
                                                int32_t count, int32_t mover,
                                                const gg_rules_def *def, gg_body *others,
                                                int32_t capacity, gg_move_def *out,
                                                int32_t *out_count);

/// Where `mover` could stand with its anchor at `anchor`: gg_rules_space()'s answer.
/// @since 0.2
typedef struct gg_space {
    /// Its whole footprint fits: every square on the map and not blocked, and no wall blocking
    /// movement between two orthogonally neighbouring squares of it.
    bool fits;
    /// It does not fit but the footprint of the next smaller size, anchored at `anchor`, does
    /// (Large and larger only: Tiny, Small and Medium share the one-square footprint). While
    /// squeezing, SRD 5.1 "Squeezing into a Smaller Space": it "must spend 1 extra foot for
    /// every foot it moves there", "has disadvantage on attack rolls and Dexterity saving
    /// throws", and "attack rolls against the creature have advantage".
    bool squeezing;
    /// The first living tracked creature (array order, not the mover) whose space overlaps
    /// the squares it would take; GG_NO_CREATURE when none.
    int32_t occupant;
    /// It may end its move here: it fits or squeezes and nobody else is there (SRD 5.2 "Moving
    /// Around Other Creatures": "You can't willingly end a move in a space occupied by another
    /// creature").
    bool can_end;
} gg_space;

/// SRD 5.2 "Creature Size", "Moving Around Other Creatures" and SRD 5.1 "Squeezing into a
/// Smaller Space" (SRD 5.2 leaves squeezing out; a host asks for it here): whether `mover`
/// fits with its anchor at `anchor`, must squeeze there (one size smaller), and may end its move
/// there. The squeezing consequences are the host's to apply: double movement cost there
/// (gg_rules_route() with def->squeeze prices and reports it along a route), Disadvantage on
/// its attack rolls and Dexterity saves, Advantage on attacks against it.
/// @return GG_OK; the section's statuses; GG_E_INVALID_ARG for NULL or an index outside
///         [0, count). The map's edge bounds a space like a wall: a footprint that leaves
///         the map does not fit (and may squeeze). *out is {false, false, GG_NO_CREATURE,
///         false} on failure.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_space(const gg_scene *scene, const gg_creature *creatures,
                                             int32_t count, int32_t mover, gg_cell anchor,
                                             const gg_rules_def *def, gg_space *out);

/// SRD 5.2 "Movement and Position", "Moving Around Other Creatures" and, with def->squeeze, SRD
/// 5.1 "Squeezing into a Smaller Space", for a creature of any size: the cheapest route of
/// `mover` from its anchor to `destination` (an anchor) among the creature array, with the
/// movement def of gg_rules_move_def() from parity 0. Without def->squeeze this is
/// gg_scene_lowest_cost_path() (the same route and cost; no anchor is squeezed); with it,
/// gg_scene_squeeze_path(): the mover may pass through and stop where only the footprint of
/// the next smaller size fits, each such step costing its price plus its plain price again
/// ("1 extra foot for every foot it moves there"). Writes the anchors from the start to
/// `destination` inclusive, and when `out_squeezing` is not NULL whether the mover squeezes
/// at each (there it has Disadvantage on attack rolls and Dexterity saving throws and attack
/// rolls against it have Advantage: the host applies them). No route, or a destination where
/// it cannot stand or end its move, gives 0 cells with GG_OK (*out_cost feet -1). The route's
/// elevation is the body's throughout (movement is on the plan).
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = anchors needed); the
///         section's statuses; GG_E_OUT_OF_BOUNDS for an untracked mover or a destination
///         whose footprint (the squeezed one with def->squeeze) leaves the map;
///         GG_E_INVALID_ARG for NULL, a negative capacity, an index outside [0, count), or
///         scratch made for another scene or without GG_SCRATCH_FULL.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_route(const gg_scene *scene, gg_scratch *scratch,
                                             const gg_creature *creatures, int32_t count,
                                             int32_t mover, gg_cell destination,
                                             const gg_rules_def *def, gg_cell *out,
                                             bool *out_squeezing, int32_t capacity,
                                             int32_t *out_count, gg_metric_cost *out_cost);

/// SRD 5.2 "Forced Movement" (Thunderwave, Push mastery, Shove) for creatures of every size:
/// `pusher` pushes `target` up to distance_ft (floor(distance_ft / cell_size_ft) steps)
/// "straight away" from itself: each step moves the target's whole footprint one square in the
/// 8-way direction sign(target's space centre - pusher's space centre) per axis. The push stops
/// before a step the target's footprint cannot take under the movement model of topology.h
/// (gg_scene_route_cost(): every covered cell's step legal, no wall through the footprint, on
/// the map) or that enters the space of another living tracked creature (the pusher included;
/// a pushed creature passes nobody, ally or not). No movement is spent, no opportunity attack
/// provoked, difficult terrain neither stops nor costs, and a push never squeezes. Writes the
/// anchors entered; the target ends on the last one. Zero cells when it cannot move, when the
/// two centres coincide, or when pusher == target. With 1x1 creatures the cells equal
/// gg_rules_push()'s. Elevation is not read (a push is on the plan).
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = anchors needed); the
///         section's statuses; GG_E_OUT_OF_BOUNDS when the pusher or target is untracked;
///         GG_E_INVALID_ARG for NULL, indices outside [0, count), distance_ft < 0 or a
///         negative capacity.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_push_def(const gg_scene *scene, const gg_creature *creatures,
                                                int32_t count, int32_t pusher, int32_t target,
                                                int32_t distance_ft, const gg_rules_def *def,
                                                gg_cell *out, int32_t capacity, int32_t *out_count);

/// gg_rules_flee_route() for a creature of any size among a creature array (SRD 5.2
/// "Movement and Position", "Moving Around Other Creatures"): the threats are every living
/// tracked creature that is not the mover's ally (same side, not GG_SIDE_NONE). The anchors
/// reachable within budget_ft come from gg_scene_move_overlay() with the movement def of
/// gg_rules_move_def() (the def's passing rules; never squeezing); among those where the mover
/// may end its move, other than its start, pick the one whose space is farthest from the
/// nearest threat's space (gg_rules_distance() by the def's metric, elevations as the bodies
/// have them) and farther than from the start; ties go to the cheaper anchor, then the smaller
/// column, then the smaller row. Writes the overlay's route from the start to that anchor
/// (start included); zero cells (GG_OK) when no anchor is safer or there is no threat. `work`
/// holds the overlay (size it with gg_rules_flee_work_capacity()). With the Nat20 def and 1x1
/// creatures at ground level the destination and its cost equal gg_rules_flee_route()'s with
/// the non-allies' cells as threats and avoided cells and every other creature's cell occupied.
/// Working memory: scratch made with GG_SCRATCH_FULL, or GG_SCRATCH_BOUNDED for budget_ft and
/// the mover's size.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written; *out_count = route cells needed, or 0
///         when `work`, or a GG_SCRATCH_BOUNDED scratch, was too small); the section's
///         statuses; GG_E_OUT_OF_BOUNDS for an untracked mover; GG_E_INVALID_ARG for NULL,
///         negative counts or budget, an index outside [0, count), or unsuitable scratch.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_rules_flee_route_def(const gg_scene *scene, gg_scratch *scratch,
                                                      const gg_creature *creatures, int32_t count,
                                                      int32_t mover, int32_t budget_ft,
                                                      const gg_rules_def *def, gg_move_reach *work,
                                                      int32_t work_capacity, gg_cell *out,
                                                      int32_t capacity, int32_t *out_count);

#ifdef __cplusplus
}
#endif

#endif /* GRIDGEOM_RULES_H */
