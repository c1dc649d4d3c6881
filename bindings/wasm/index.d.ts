// Types of the gridgeom package (index.js). Cells are {col, row}; [col, row] is accepted as input.

export interface Cell { col: number; row: number; }
export type CellLike = Cell | [number, number];
export type Cover = 'none' | 'half' | 'three_quarters' | 'total';
export type Light = 'default' | 'bright' | 'dim' | 'dark';
export type Obscurement = 'none' | 'light' | 'heavy' | 'magical_darkness';
export type DoorState = 'none' | 'closed' | 'open' | 'locked';
export type OneWay = 'none' | 'left' | 'right';
export type Blocks = 'sight' | 'movement' | 'light';
export type Shape = 'sphere' | 'cylinder' | 'cone' | 'line' | 'cube' | 'emanation';
export type Format = 'auto' | 'nat20' | 'uvtt' | 'foundry';

/** A library status other than success. */
export class GridgeomError extends Error {
    /** The C status name, e.g. "GG_E_OUT_OF_BOUNDS". */
    status: string;
    /** The gg_status value (negative). */
    code: number;
    /** For JSON syntax errors in importScene: 1-based line and column. */
    line?: number;
    column?: number;
}

export interface WallId { index: number; generation: number; }

export interface WallDef {
    /** Corners are at integer coordinates in cell units; half cells are allowed. */
    x1: number; y1: number; x2: number; y2: number;
    door?: DoorState;
    oneWay?: OneWay;
    /** What the wall stops; default all three. */
    blocks?: Blocks[];
    /** A low wall or window: the cover it gives instead of blocking; default 'none'. */
    cover?: Cover;
}

export interface Wall extends Required<WallDef> { id: WallId; }

export interface Senses {
    darkvision?: number | null;
    blindsight?: number | null;
    tremorsense?: number | null;
    truesight?: number | null;
}

export interface Reach { cell: Cell; costFt: number; prev: Cell | null; }

export interface TemplateDef {
    origin: CellLike;
    shape: Shape | number;
    sizeFt: number;
    /** [dcol, drow] for cones, lines and cubes. */
    direction?: [number, number] | null;
}

export interface Creature {
    /** null: position unknown. */
    cell: CellLike | null;
    /** Equal sides are allies. */
    side?: number;
    alive?: boolean;
    size?: 'tiny' | 'small' | 'medium' | 'large' | 'huge' | 'gargantuan';
    senses?: Senses;
    blinded?: boolean;
    invisible?: boolean;
    /** Other gg_condition bits. */
    conditions?: number;
    reachFt?: number;
    reactionAvailable?: boolean;
    disengaging?: boolean;
    /** Index of the source of its fear in the creature array; -1 none. */
    frightenedBy?: number;
    charmedBy?: number;
    speedFt?: number;
    movementLeftFt?: number;
}

export type MovePlan =
    | { ok: true; path: Cell[]; costFt: number }
    | { ok: false; reason: string };

export interface AimDef {
    shape: Shape | number;
    sizeFt: number;
    /** Index of the aiming creature. */
    actor: number;
    targetCells?: CellLike[];
    affects?: 'creatures' | 'enemies' | 'allies';
    choice?: boolean;
    maxTargets?: number;
    harmful?: boolean;
}

export interface Aim {
    origin: Cell;
    direction: [number, number] | null;
    enemies: number;
    allies: number;
    roles: ('outside' | 'affected' | 'spared')[];
}

export interface ImportStats {
    format: Format; width: number; height: number; cellSizeFt: number; segmentsRead: number;
    walls: number; doors: number; doorsOpen: number; doorsLocked: number; oneWay: number;
    windows: number; endpointsSnapped: number; maxSnapCells: number; merged: number;
    clipped: number; wallsDropped: number; lightsRead: number; lightsDropped: number; tags: number;
}

export interface ImportNote {
    action: 'snapped' | 'merged' | 'clipped' | 'dropped' | 'approximated';
    count: number;
    what: string;
    example: string;
}

export class Scene {
    readonly width: number;
    readonly height: number;
    readonly cellSizeFt: number;
    readonly wallCount: number;
    /** Frees the scene's wasm memory. */
    dispose(): void;

    addWall(def: WallDef): WallId;
    removeWall(id: WallId): void;
    setDoor(id: WallId, state: DoorState): void;
    walls(): Wall[];
    setCells(tag: 'blocked' | 'difficult', cells: CellLike[], value?: boolean): void;
    setCells(tag: 'cover', cells: CellLike[], value: Cover): void;
    setCells(tag: 'lighting', cells: CellLike[], value: Light): void;
    setCells(tag: 'obscurement', cells: CellLike[], value: Obscurement): void;

    contains(c: CellLike): boolean;
    isValidCell(c: CellLike): boolean;
    distanceFt(a: CellLike, b: CellLike): number;
    withinRange(a: CellLike, b: CellLike, rangeFt: number): boolean;
    isAdjacent(a: CellLike, b: CellLike): boolean;
    edgeDistance(a: CellLike, b: CellLike): number | null;
    lineOfSight(a: CellLike, b: CellLike): boolean;
    inRangeWithLos(a: CellLike, b: CellLike, rangeFt: number): boolean;
    lineOfEffect(origin: CellLike, c: CellLike): boolean;
    coverOnCell(c: CellLike): Cover;
    lightOnCell(c: CellLike): Light;
    obscurementOnCell(c: CellLike): Obscurement;
    cover(a: CellLike, b: CellLike, opts?: { occupied?: CellLike[] }): Cover;
    canSee(a: CellLike, b: CellLike, senses?: Senses): boolean;
    /** visible[row * width + col] is 1 where the viewer has line of sight. */
    fieldOfView(viewer: CellLike, opts?: { rangeFt?: number }): { visible: Uint8Array; count: number };
    path(a: CellLike, b: CellLike, opts?: { avoid?: CellLike[] }): Cell[];
    reach(start: CellLike, budgetFt: number, opts?: { avoid?: CellLike[] }): Reach[];
    template(def: TemplateDef): Cell[];
    area(def: TemplateDef & { includesOrigin?: boolean }): Cell[];
    pushPath(origin: CellLike, target: CellLike, distanceFt: number, opts?: { occupied?: CellLike[] }): Cell[];
    exportNat20(): string;

    creatureCanSee(viewer: Creature, target: Creature): boolean;
    targetCover(creatures: Creature[], caster: number, target: number,
        opts?: { areaOrigin?: CellLike | null }): Cover;
    planMove(creatures: Creature[], mover: number, destination: CellLike): MovePlan;
    opportunitySchedule(creatures: Creature[], mover: number, route: CellLike[]):
        { step: number; reactor: number }[];
    fleeRoute(def: { start: CellLike; budgetFt: number; threats: CellLike[]; avoid?: CellLike[];
        occupied?: CellLike[] }): Cell[];
    bestAim(creatures: Creature[], def: AimDef): Aim | null;
}

export class Gridgeom {
    readonly version: string;
    createScene(def: { width: number; height: number; cellSizeFt?: number; defaultLighting?: Light }): Scene;
    importScene(data: string | ArrayBuffer | Uint8Array, opts?: { format?: Format }):
        { scene: Scene; report: { stats: ImportStats; notes: ImportNote[] } };
    parseCell(id: string): Cell;
    formatCell(c: CellLike): string;
    line(a: CellLike, b: CellLike): Cell[];
    segmentsIntersect(p1: [number, number], p2: [number, number], p3: [number, number],
        p4: [number, number]): boolean;
    templateCells(def: TemplateDef & { width: number; height: number; cellSizeFt?: number }): Cell[];
}

/** Loads the WebAssembly module (once) and returns the library. */
export function load(): Promise<Gridgeom>;
export default load;
