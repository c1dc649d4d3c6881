// Compiled (not run) by types.test.js with tsc --strict: the declarations in index.d.ts and
// nat20.d.ts describe what the docs' examples do, and reject misuse (the @ts-expect-error lines).
import { load, GridgeomError, Scene, Cell } from '../index.js';
import { Nat20 } from '../nat20.js';

export async function example(bytes: Uint8Array): Promise<number> {
    const gg = await load();
    const scene: Scene = gg.createScene({ width: 20, height: 12 });
    scene.setCells('blocked', [{ col: 6, row: 3 }, [6, 4]]);
    scene.setCells('cover', [[9, 5]], 'half');
    scene.addWall({ x1: 12, y1: 0, x2: 12, y2: 5 });
    const door = scene.addWall({ x1: 12, y1: 5, x2: 12, y2: 6, door: 'closed' });
    scene.setDoor(door, 'open');
    const seen: boolean = scene.lineOfSight([2, 5], [15, 5]);
    const { visible, count } = scene.fieldOfView([2, 5], { rangeFt: 60 });
    const cover: 'none' | 'half' | 'three_quarters' | 'total' = scene.cover([2, 5], [15, 5], { occupied: [[9, 5]] });
    const path: Cell[] = scene.path([2, 5], [15, 5]);
    const reach = scene.reach([2, 5], 30).map((r) => r.costFt + (r.prev ? r.prev.col : 0));
    const area: Cell[] = scene.area({ origin: [10, 6], shape: 'sphere', sizeFt: 10, includesOrigin: true });
    const plan = scene.planMove([{ cell: [1, 1] }, { cell: [5, 5], side: 1 }], 0, [3, 3]);
    const cost = plan.ok ? plan.costFt : plan.reason.length;
    const aim = scene.bestAim([{ cell: [1, 1] }, { cell: [4, 4], side: 1 }], { shape: 'cone', sizeFt: 15, actor: 0 });
    // @ts-expect-error: door states are names
    scene.setDoor(door, 'ajar');
    // @ts-expect-error: cover values are names, not booleans
    scene.setCells('cover', [[1, 1]], true);
    scene.dispose();
    try {
        const { scene: map, report } = gg.importScene(bytes, { format: 'uvtt' });
        map.dispose();
        return report.stats.walls + report.notes.length;
    } catch (e) {
        if (e instanceof GridgeomError) return e.code;
    }
    const nat20 = new Nat20(gg);
    const s = nat20.gridScene({ width: 5, height: 5, wall_segments: [{ x1: 2, y1: 0, x2: 2, y2: 5 }] });
    const ids: string[] = nat20.shortest_path(s, '0,0', '4,4');
    return (seen ? 1 : 0) + visible.length + count + cover.length + path.length + reach.length +
        area.length + cost + (aim ? aim.enemies : 0) + ids.length;
}
