/**
 * The items a simulated robot acts on: the run's URL targets as given, and for keywords or an empty target list
 * invented feed items (19-digit ids as Douyin's, plausible Chinese titles and authors), so that the action logs a
 * demo shows look like a real run's.
 */

export interface RunTarget {
  id: string;
  kind: 'url' | 'keyword' | 'feed';
  value: string;
  itemId: string;
  title: string;
}

export interface FeedItem {
  targetId: string | undefined;
  itemId: string;
  itemUrl: string;
  itemTitle: string;
  itemDesc: string;
  authorName: string;
  keyword: string | undefined;
}

const TOPICS = [
  '家常菜',
  '露营',
  '健身',
  '咖啡',
  '猫咪',
  '旅行',
  '穿搭',
  '读书',
  '烘焙',
  '城市夜景',
  '数码',
  '花艺',
];
const TITLES = [
  '第一次尝试{t},没想到效果这么好',
  '{t}新手必看|三个小技巧分享',
  '周末的{t}日常,记录一下美好瞬间',
  '关于{t},我踩过的坑都在这里了',
  '{t}vlog|和朋友一起度过的一天',
  '坚持{t}一个月,变化真的很明显',
  '被问了很多次的{t}清单来啦',
  '今天的{t}分享,你们觉得怎么样',
];
const DESCS = [
  '记录生活里的小确幸,欢迎在评论区交流~',
  '整理了很久的经验,希望对大家有帮助',
  '拍得不太好,大家凑合看,喜欢的话点个赞吧',
  '有问题可以留言,看到都会回复',
];
const NICK_A = ['爱吃', '喜欢', '热爱', '专注', '小小', '快乐的', '认真的', '慢生活的'];
const NICK_B = ['橘子', '小鹿', '阿杰', '晴天', '糖糖', '木木', '大熊', '星星', '小满', '阿宁'];

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

/** A 19-digit id starting with 7 (the shape of a Douyin item id). */
export function itemId19(random: () => number): string {
  let s = '7';
  for (let i = 0; i < 18; i++) s += String(Math.floor(random() * 10));
  return s;
}

/** The item page of a platform, by the task type's prefix (dy, xsh/xhs, sph). */
export function itemUrl(taskType: string, id: string): string {
  if (/^(xsh|xhs)/.test(taskType)) return `https://www.xiaohongshu.com/explore/${id}`;
  if (taskType.startsWith('sph')) return `https://channels.weixin.qq.com/web/pages/feed?feedId=${id}`;
  return `https://www.douyin.com/video/${id}`;
}

export function inventItem(
  taskType: string,
  random: () => number,
  from?: { targetId?: string | undefined; keyword?: string | undefined },
): FeedItem {
  const topic = from?.keyword || pick(TOPICS, random);
  const id = itemId19(random);
  return {
    targetId: from?.targetId,
    itemId: id,
    itemUrl: itemUrl(taskType, id),
    itemTitle: pick(TITLES, random).replace('{t}', topic),
    itemDesc: pick(DESCS, random),
    authorName: pick(NICK_A, random) + pick(NICK_B, random),
    keyword: from?.keyword,
  };
}

/**
 * The items of one run, at most `count`: each URL target once (the item it names), keyword targets in turn (one
 * invented search result each time), and invented feed items for `feed` targets or when there are no targets.
 */
export function planItems(
  taskType: string,
  targets: readonly RunTarget[],
  count: number,
  random: () => number,
): FeedItem[] {
  const out: FeedItem[] = [];
  const urls = targets.filter((t) => t.kind === 'url');
  const others = targets.filter((t) => t.kind !== 'url');
  for (const t of urls) {
    if (out.length >= count) return out;
    const invented = inventItem(taskType, random, { targetId: t.id });
    out.push({
      ...invented,
      itemId: t.itemId || invented.itemId,
      itemUrl: t.value,
      itemTitle: t.title || invented.itemTitle,
    });
  }
  if (urls.length > 0 && others.length === 0) return out;
  for (let i = 0; out.length < count; i++) {
    const t = others.length > 0 ? others[i % others.length]! : undefined;
    out.push(
      inventItem(taskType, random, {
        targetId: t?.id,
        keyword: t?.kind === 'keyword' ? t.value : undefined,
      }),
    );
  }
  return out;
}
