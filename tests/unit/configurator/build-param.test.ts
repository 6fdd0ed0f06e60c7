/** The configurator's `build` query parameter. */
import { describe, expect, it } from 'vitest';
import { parseBuildParam } from '../../../worker/domain/configurator/parts';

describe('parseBuildParam', () => {
  it.each([
    ['', []],
    ['cpu:12', [{ slot: 'cpu', articleId: 12 }]],
    ['cpu:12,motherboard:34,storage:5,storage:6,', [{ slot: 'cpu', articleId: 12 }, { slot: 'motherboard', articleId: 34 }, { slot: 'storage', articleId: 5 }, { slot: 'storage', articleId: 6 }]],
  ])('reads %j', (text, chosen) => expect(parseBuildParam(text)).toEqual({ chosen }));

  it.each(['cpu', 'cpu:', 'cpu:0', 'cpu:-1', 'cpu:1.5', 'gpu:abc', 'ram:3', 'cpu:99999999999', 'cpu:1,cpu:2', 'storage:1,storage:2,storage:3,storage:4,storage:5', 'CPU:1', ' cpu:1'])(
    'refuses %j',
    (text) => expect(parseBuildParam(text)).toHaveProperty('error'),
  );
});
