import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getSession, loadMenu } from '../src';
import { useHarness } from './helpers';

const harness = useHarness();
const ok = <T>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '', data });
const menu = (id: string) => ({
  id,
  code: id,
  name: id,
  path: `/${id}`,
  source: '',
  isOpen: 1,
  children: [],
});

describe('loadMenu', () => {
  it('asks for a top menu with topMenuId, and keeps only the whole menu in the session', async () => {
    const asked: (string | null)[] = [];
    harness.server.use(
      http.get('*/api/smart-system/menu/routes', ({ request }) => {
        const topMenuId = new URL(request.url).searchParams.get('topMenuId');
        asked.push(topMenuId);
        return ok(topMenuId ? [menu('desk')] : [menu('desk'), menu('system')]);
      }),
    );
    expect((await loadMenu()).map((m) => m.id)).toEqual(['desk', 'system']);
    expect((await loadMenu('7')).map((m) => m.id)).toEqual(['desk']);
    expect(asked).toEqual([null, '7']);
    // After a reload the session's menu stands in for the whole menu, not for the top menu's part.
    expect(getSession().menu.map((m) => m.id)).toEqual(['desk', 'system']);
  });
});
