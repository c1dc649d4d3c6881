// Types of gridgeom/nat20: Nat20's grid functions, names and answers (ids are "col,row").
import type { Gridgeom, Scene } from './index.js';

export class ValueError extends Error {}

type Id = string;

export interface GridScene {
    width: number; height: number; cell_size_ft?: number;
    blocked_cells?: Id[]; difficult_terrain_cells?: Id[];
    wall_segments?: { x1: number; y1: number; x2: number; y2: number }[];
    cover_cells?: Record<Id, 'none' | 'half' | 'three_quarters' | 'total'>;
    lighting?: Record<Id, 'bright' | 'dim' | 'dark'>;
    default_lighting?: 'bright' | 'dim' | 'dark';
    obscurement_cells?: Record<Id, 'none' | 'light' | 'heavy'>;
}

export interface Nat20Creature {
    id: string; side: 'party' | 'encounter'; cell: Id | null; is_alive?: boolean; speed?: number;
    movement_remaining?: number; frightened_by?: string; reach_ft?: number; blinded?: boolean;
    invisible?: boolean; disengaging?: boolean;
}

export class Nat20 {
    constructor(gg: Gridgeom);
    gridScene(gs: GridScene): Scene;
    parse_cell(cid: string): [number, number];
    cell_id(col: number, row: number): Id;
    bresenham(a: Id, b: Id): Id[];
    segments_intersect(p1: [number, number], p2: [number, number], p3: [number, number],
        p4: [number, number]): boolean;
    distance_ft(scene: Scene, a: Id, b: Id): number | null;
    within_range(scene: Scene, a: Id, b: Id, rangeFt: number): boolean;
    is_adjacent(scene: Scene, a: Id, b: Id): boolean;
    is_valid_cell(scene: Scene, cid: Id): boolean;
    edge_distance(scene: Scene, a: Id, b: Id): number | null;
    has_line_of_sight(scene: Scene, a: Id, b: Id): boolean;
    cover_between(scene: Scene, a: Id, b: Id, occupiedCells?: Id[] | null): string;
    cover_on_cell(scene: Scene, cid: Id): string;
    light_on_cell(scene: Scene, cid: Id): string;
    obscurement_on_cell(scene: Scene, cid: Id): string;
    in_range_with_los(scene: Scene, a: Id, b: Id, rangeFt: number): boolean;
    shortest_path(scene: Scene, a: Id, b: Id, avoid?: Id[] | null): Id[];
    reachable_cells(scene: Scene, start: Id, budgetFt: number, avoid?: Id[] | null):
        Record<Id, [number, Id | null]>;
    cells_in_template(scene: Scene, origin: Id, shape: string, sizeFt: number,
        direction?: [number, number] | null): Id[];
    cells_in_template_ordered(scene: Scene, origin: Id, shape: string, sizeFt: number,
        direction?: [number, number] | null): Id[];
    area_cells(scene: Scene, origin: Id, shape: string, sizeFt: number, includesOrigin: boolean,
        direction?: [number, number] | null): Id[];
    has_line_of_effect(scene: Scene, origin: Id, cell: Id): boolean;
    can_see(scene: Scene, a: Id, b: Id, senses?: Record<string, number | null> | null): boolean;
    push_path(scene: Scene, origin: Id, target: Id, distanceFt: number, occupiedCells?: Id[] | null): Id[];
    combatant_can_see(scene: Scene, viewer: { cell: Id | null; senses?: Record<string, number | null>;
        blinded?: boolean }, target: { cell: Id | null; invisible?: boolean }): boolean;
    target_cover(scene: Scene, casterId: string, targetIds: string[], creatures: Nat20Creature[],
        originCell?: Id | null): Record<string, string>;
    plan_move(scene: Scene, moverId: string, destination: Id, creatures: Nat20Creature[]):
        { ok: true; path: Id[]; cost_ft: number } | { ok: false; reason: string };
    opportunity_schedule(scene: Scene, moverId: string, path: Id[], creatures: Nat20Creature[]):
        { events: { step: number; from: Id; to: Id; reactors: string[] }[]; runs: Id[][] };
    flee_route(scene: Scene, start: Id, threatCells: Id[], budgetFt: number,
        enemyCells?: Id[] | null, occupiedCells?: Id[] | null): Id[] | null;
    best_aim(scene: Scene, query: Record<string, unknown>):
        { origin: Id; direction: [number, number] | null; affected_ids: string[]; spared_ids: string[] } | null;
}
