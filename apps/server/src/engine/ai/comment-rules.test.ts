import { describe, expect, it } from 'vitest';
import {
  cleanComment,
  codePointLength,
  findSensitiveWord,
  parseSensitiveWords,
  postProcessComment,
} from './comment-rules';
import { parseRetryAfter } from './errors';
import { buildCommentMessages, fillTemplate, truncateChars } from './prompt';

describe('cleanComment', () => {
  it.each([
    ['plain text stays', '这个地方真好看', '这个地方真好看'],
    ['trims', '  这个地方真好看 \n', '这个地方真好看'],
    ['ASCII quotes', '"这个地方真好看"', '这个地方真好看'],
    ['single quotes', "'这个地方真好看'", '这个地方真好看'],
    ['Chinese curly quotes', '“这个地方真好看”', '这个地方真好看'],
    ['corner brackets', '「这个地方真好看」', '这个地方真好看'],
    ['unbalanced quote kept', '“这个地方真好看', '“这个地方真好看'],
    ['inner quotes kept', '他说“好看”真的', '他说“好看”真的'],
    ['full-width colon prefix', '评论：这个地方真好看', '这个地方真好看'],
    ['ASCII colon prefix', '评论: 这个地方真好看', '这个地方真好看'],
    ['prefix then quotes', '评论："这个地方真好看"', '这个地方真好看'],
    ['quotes then prefix', '“评论：这个地方真好看”', '这个地方真好看'],
    ['评论内容 prefix', '评论内容：这个地方真好看', '这个地方真好看'],
    ['评论 mid-text kept', '看了评论：真好', '看了评论：真好'],
    ['newline between Chinese goes', '这个地方\n真好看', '这个地方真好看'],
    ['CRLF and blank lines go', '这个地方\r\n\r\n真好看', '这个地方真好看'],
    ['newline between words is a space', 'so\nnice', 'so nice'],
    ['closed hashtag', '真好看#旅行#', '真好看'],
    ['Xiaohongshu hashtag', '真好看#旅行日记[话题]#想去', '真好看想去'],
    ['open hashtag to a space', '真好看 #旅行 想去', '真好看 想去'],
    ['open hashtag to punctuation', '真好看#旅行，想去', '真好看，想去'],
    ['full-width hashtag', '真好看＃旅行＃', '真好看'],
    ['several hashtags', '#杭州# #西湖# 真好看', '真好看'],
    ['mention', '@小明 快来看真好看', '快来看真好看'],
    ['mention to punctuation', '真好看@小明，快来', '真好看，快来'],
    ['URL glued to Chinese', '真好看https://x.cn/a?b=1很想去', '真好看很想去'],
    ['www link', '详情见www.example.com 真好看', '详情见 真好看'],
    ['everything at once', '评论："真好看 #旅行# @小明 https://t.cn/x\n想去"', '真好看想去'],
    ['removal leaves quotes to strip', '“真好看” #旅行#', '真好看'],
    ['only noise gives empty', '#旅行# @小明 https://t.cn/x', ''],
    ['emoji kept', '真好看😍', '真好看😍'],
  ])('%s', (_name, raw, expected) => {
    expect(cleanComment(raw)).toBe(expected);
  });
});

describe('codePointLength', () => {
  it.each([
    ['', 0],
    ['好看', 2],
    ['abc', 3],
    ['😍', 1], // one code point, two UTF-16 units
    ['𠮷野家', 3], // a supplementary-plane character
    ['👍🏻', 2], // emoji + skin tone modifier: two code points
  ])('%s has %i', (s, n) => {
    expect(codePointLength(s)).toBe(n);
  });
});

describe('sensitive words', () => {
  it.each([
    ['微信,加V', ['微信', '加V']],
    ['微信，加V', ['微信', '加V']],
    [' 微信 , ,加V,微信', ['微信', '加V']],
    ['', []],
  ])('parses %j', (setting, words) => {
    expect(parseSensitiveWords(setting)).toEqual(words);
  });

  it('takes a list, and nothing', () => {
    expect(parseSensitiveWords([' 微信', ''])).toEqual(['微信']);
    expect(parseSensitiveWords(undefined)).toEqual([]);
  });

  it.each([
    ['加我微信聊', '微信'],
    ['可以加v吗', '加V'], // case
    ['可以加 V 吗', '加V'], // spaces
    ['真好看', undefined],
  ])('finds it in %s', (text, word) => {
    expect(findSensitiveWord(text, ['微信', '加V'])).toBe(word);
  });
});

describe('postProcessComment', () => {
  const rules = { minLength: 5, maxLength: 20, sensitiveWords: ['微信', '加V'] };
  it.each([
    [
      'accepts 5–20 after clean-up',
      '评论：“这个地方真好看”',
      { ok: true, content: '这个地方真好看', length: 7 },
    ],
    ['accepts exactly 5', '一二三四五', { ok: true, content: '一二三四五', length: 5 }],
    ['accepts exactly 20', '一'.repeat(20), { ok: true, content: '一'.repeat(20), length: 20 }],
    ['refuses 21', '一'.repeat(21), { ok: false, reason: 'too_long', length: 21 }],
    ['refuses 4', '一二三四', { ok: false, reason: 'too_short', length: 4 }],
    ['counts emoji as one', '真好看呀😍', { ok: true, length: 5 }],
    ['length after removals', '真好看 #旅行日记好地方#', { ok: false, reason: 'too_short', length: 3 }],
    ['refuses empty', '  ', { ok: false, reason: 'empty', length: 0 }],
    ['refuses noise only', '#旅行#', { ok: false, reason: 'empty', length: 0 }],
    ['refuses a sensitive word', '太好看了加我微信聊', { ok: false, reason: 'sensitive', word: '微信' }],
  ])('%s', (_name, raw, expected) => {
    expect(postProcessComment(raw, rules)).toMatchObject(expected);
  });

  it('has no sensitive words unless given', () => {
    expect(postProcessComment('太好看了加我微信聊', { minLength: 5, maxLength: 20 }).ok).toBe(true);
  });
});

describe('prompt', () => {
  const config = {
    systemPrompt: '你是{platform}用户',
    userPromptTemplate:
      '标题：{title}\n内容：{content}\n关键词：{keyword}\n写{minLength}到{maxLength}字，{unknown}',
    minLength: 5,
    maxLength: 20,
  };

  it('fills the placeholders once, leaving unknown ones', () => {
    const [system, user] = buildCommentMessages(config, {
      platform: 'xhs',
      title: '西湖{content}',
      body: '正文',
      keyword: '杭州',
    });
    expect(system).toEqual({ role: 'system', content: '你是小红书用户' });
    expect(user?.content).toBe('标题：西湖{content}\n内容：正文\n关键词：杭州\n写5到20字，{unknown}');
  });

  it('cuts the body to 500 code points and appends the hint', () => {
    const body = '😍'.repeat(600);
    const [, user] = buildCommentMessages(config, { platform: 'dy', title: 't', body }, '请重写');
    expect(user?.content).toContain(`内容：${'😍'.repeat(500)}…\n`);
    expect(user?.content.endsWith('\n请重写')).toBe(true);
  });

  it('uses the defaults for empty prompts', () => {
    const [system, user] = buildCommentMessages(
      { ...config, systemPrompt: ' ', userPromptTemplate: '' },
      { platform: 'sph', title: '周末露营' },
    );
    expect(system?.content).toContain('视频号');
    expect(user?.content).toContain('周末露营');
    expect(user?.content).toContain('5到20字');
  });

  it('truncates and fills as documented', () => {
    expect(truncateChars('abc', 3)).toBe('abc');
    expect(truncateChars('abcd', 3)).toBe('abc…');
    expect(fillTemplate('{a}{b}{a}', { a: '{b}', b: 'x' })).toBe('{b}x{b}');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it.each([
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after': '1', 'retry-after-ms': '200' }, 200],
    [{ 'retry-after': 'Sun, 22 Nov 2026 10:00:03 GMT' }, 3000],
    [{ 'retry-after': 'Sun, 22 Nov 2026 09:00:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('%j → %s', (headers, ms) => {
    expect(parseRetryAfter(new Headers(headers), now)).toBe(ms);
  });
});
