import { afterEach, describe, expect, it } from 'vitest';
import { messageTexts } from '../src/gen/messages';
import { configureHttp, messageTranslator, resetHttpConfig } from '../src/http';
import { readMessage } from '../src/http/response';

describe('the server’s messages in English', () => {
  const translate = messageTranslator(messageTexts);

  it('reads a whole message from the catalogue', () => {
    expect(translate('用户名或密码错误')).toBe('Wrong user name or password');
    expect(translate('数据不存在')).toBe('The record does not exist');
  });

  it('fills a template with the values the server put in', () => {
    expect(translate('日期格式错误: 2026-13-45 10:00:00')).toBe('Invalid date: 2026-13-45 10:00:00');
    expect(translate('当前用户 [alice] 已存在!')).toBe('The user [alice] already exists');
    expect(translate('充值金额须在 1 至 5000 元之间')).toBe('The top-up must be between 1 and 5000 yuan');
  });

  it('translates a filled-in part that is a message or a label itself', () => {
    expect(translate('参数名称格式不正确')).toBe('Parameter name: invalid format');
    expect(translate('Cron 表达式无效: 日和周不能同时为 ?')).toBe(
      'Invalid cron expression: Day and weekday cannot both be ?',
    );
    expect(translate('Cron 表达式无效: 周字段含有非法字符')).toBe(
      'Invalid cron expression: The weekday field has characters it may not have',
    );
  });

  it('reads a rule of the contract (the server answers a missing field with it)', () => {
    expect(translate('请输入参数名称')).toBe('Please enter the parameter name');
  });

  it('keeps what it does not know', () => {
    expect(translate('某个未知的消息')).toBe('某个未知的消息');
    expect(translate('')).toBe('');
  });
});

describe('readMessage', () => {
  afterEach(() => resetHttpConfig());

  it('answers the envelope’s message, and an OAuth description, through the configured translation', () => {
    expect(readMessage({ code: 400, msg: '数据不存在' })).toBe('数据不存在');
    configureHttp({ translateMessage: messageTranslator(messageTexts) });
    expect(readMessage({ code: 400, msg: '数据不存在' })).toBe('The record does not exist');
    expect(readMessage({ error: 'invalid_grant', error_description: '用户名或密码错误' })).toBe(
      'Wrong user name or password',
    );
  });
});
