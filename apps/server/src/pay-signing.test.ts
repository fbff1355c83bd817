import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alipayState } from './pay/alipay/client';
import {
  extractSignedNode,
  responseNodeName,
  rsa2Sign,
  rsa2Verify,
  signContent,
  signNotify,
  signRequest,
  signedResponseBody,
  verifyNotify,
  verifyRequest,
  REQUEST_EXCLUDED,
  NOTIFY_EXCLUDED,
} from './pay/alipay/sign';
import { loadPrivateKey, loadPublicKey } from './pay/keys';
import {
  chinaDateTime,
  fenToYuan,
  fenToYuanString,
  parseChinaDateTime,
  rfc3339China,
  toFen,
} from './pay/money';
import { DEFAULT_PRICE_LISTS, parsePriceList, quote } from './pay/pricing';
import { wechatState } from './pay/wechat/client';
import {
  authorization,
  decryptResource,
  encryptResource,
  parseAuthorization,
  requestMessage,
  sha256RsaVerify,
  signResponse,
  signatureHeaders,
  verifySignature,
} from './pay/wechat/sign';
import { BizError } from './util';

const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

describe('Alipay RSA2 signatures', () => {
  const params = {
    app_id: '2021000000000001',
    method: 'alipay.trade.precreate',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: '2026-11-22 10:30:00',
    version: '1.0',
    notify_url: 'https://example.com/notify?a=1&b=2',
    empty: '',
    biz_content: '{"out_trade_no":"PP1","total_amount":"99.00","subject":"算力包 1000"}',
  };

  it('signs the sorted, non-empty parameters joined as raw k=v pairs, without `sign`', () => {
    expect(signContent({ ...params, sign: 'old' }, REQUEST_EXCLUDED)).toBe(
      'app_id=2021000000000001&biz_content={"out_trade_no":"PP1","total_amount":"99.00","subject":"算力包 1000"}' +
        '&charset=utf-8&method=alipay.trade.precreate&notify_url=https://example.com/notify?a=1&b=2' +
        '&sign_type=RSA2&timestamp=2026-11-22 10:30:00&version=1.0',
    );
    // notifications leave `sign_type` out too
    expect(signContent(params, NOTIFY_EXCLUDED)).not.toContain('sign_type');
  });

  it('verifies what it signed, and nothing else', () => {
    const signed = signRequest(params, app.privateKey);
    expect(signed.sign).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(verifyRequest(signed, app.publicKey)).toBe(true);
    expect(
      verifyRequest({ ...signed, biz_content: params.biz_content.replace('99.00', '0.01') }, app.publicKey),
    ).toBe(false);
    expect(verifyRequest(signed, other.publicKey)).toBe(false);
    expect(verifyRequest({ ...signed, sign: 'not base64 at all' }, app.publicKey)).toBe(false);
    expect(verifyRequest({ ...signed, sign: '' }, app.publicKey)).toBe(false);
    // an empty parameter is not part of the signature: adding one changes nothing
    expect(verifyRequest({ ...signed, extra: '' }, app.publicKey)).toBe(true);
  });

  it('verifies notifications over every parameter but sign and sign_type', () => {
    const n = signNotify(
      { out_trade_no: 'PP1', trade_status: 'TRADE_SUCCESS', total_amount: '99.00', sign_type: 'RSA2' },
      app.privateKey,
    );
    expect(verifyNotify(n, app.publicKey)).toBe(true);
    expect(verifyNotify({ ...n, sign_type: 'RSA' }, app.publicKey)).toBe(true);
    expect(verifyNotify({ ...n, trade_status: 'WAIT_BUYER_PAY' }, app.publicKey)).toBe(false);
    expect(verifyNotify({ ...n, buyer_id: '2088' }, app.publicKey)).toBe(false);
  });

  it('finds the exact signed text of a response node, braces and escapes inside strings included', () => {
    const node = responseNodeName('alipay.trade.query');
    expect(node).toBe('alipay_trade_query_response');
    const payload = {
      code: '10000',
      msg: 'Success',
      subject: 'a "quoted" {brace} \\ back',
      nested: { x: [1, { y: '}' }] },
    };
    const body = signedResponseBody(node, payload, app.privateKey);
    const found = extractSignedNode(body, node)!;
    expect(found.text).toBe(JSON.stringify(payload));
    expect(rsa2Verify(found.text, found.sign, app.publicKey)).toBe(true);
    // spacing as a server may send it is kept byte for byte
    const spaced = `{"${node}" : {"code":"10000" ,"msg":"Success"},"sign":"${rsa2Sign('{"code":"10000" ,"msg":"Success"}', app.privateKey)}"}`;
    const s = extractSignedNode(spaced, node)!;
    expect(s.text).toBe('{"code":"10000" ,"msg":"Success"}');
    expect(rsa2Verify(s.text, s.sign, app.publicKey)).toBe(true);
    expect(extractSignedNode('{"error_response":{"code":"40002"}}', node)).toBeUndefined();
    expect(extractSignedNode(`{"${node}":{"code":"1"`, node)).toBeUndefined();
  });

  it('maps trade states onto attempt states', () => {
    expect(
      ['TRADE_SUCCESS', 'TRADE_FINISHED', 'TRADE_CLOSED', 'WAIT_BUYER_PAY', 'TRADE_NOT_EXIST'].map(
        alipayState,
      ),
    ).toEqual(['SUCCESS', 'SUCCESS', 'CLOSED', 'PENDING', 'PENDING']);
  });
});

describe('WeChat Pay APIv3 signatures and encryption', () => {
  const merchant = { mchId: '1900000109', serialNo: 'ABC123', privateKey: app.privateKey };

  it('builds the Authorization header over method, path, timestamp, nonce and body', () => {
    const now = new Date('2026-11-22T02:30:00Z');
    const body = '{"appid":"wx1"}';
    const header = authorization(merchant, 'POST', '/v3/pay/transactions/native', body, now, 'NONCE123');
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="NONCE123",signature="[^"]+",timestamp="1795314600",serial_no="ABC123"$/,
    );
    const a = parseAuthorization(header)!;
    expect(a).toMatchObject({
      mchid: '1900000109',
      nonce_str: 'NONCE123',
      timestamp: '1795314600',
      serial_no: 'ABC123',
    });
    const message = requestMessage('POST', '/v3/pay/transactions/native', a.timestamp!, a.nonce_str!, body);
    expect(message).toBe(`POST\n/v3/pay/transactions/native\n1795314600\nNONCE123\n${body}\n`);
    expect(sha256RsaVerify(message, a.signature!, app.publicKey)).toBe(true);
    expect(sha256RsaVerify(message.replace('wx1', 'wx2'), a.signature!, app.publicKey)).toBe(false);
    expect(parseAuthorization('Bearer x')).toBeUndefined();
  });

  it('verifies answers and notifications: serial, freshness and signature', () => {
    const platform = { serial: 'PUB_KEY_ID_1', privateKey: other.privateKey, publicKey: other.publicKey };
    const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=x"}';
    const now = new Date();
    const h = signatureHeaders(signResponse(body, platform, now))!;
    expect(verifySignature(h, body, platform, now)).toBe('ok');
    expect(verifySignature(h, `${body} `, platform, now)).toBe('bad-signature');
    expect(verifySignature({ ...h, serial: 'PUB_KEY_ID_2' }, body, platform, now)).toBe('unknown-serial');
    expect(verifySignature(h, body, platform, new Date(now.getTime() + 301_000))).toBe('stale');
    expect(verifySignature(h, body, { ...platform, publicKey: app.publicKey }, now)).toBe('bad-signature');
    // header names are case-insensitive on the wire; Node hands them over in lower case
    const lower = Object.fromEntries(
      Object.entries(signResponse(body, platform, now)).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(signatureHeaders(lower)).toBeDefined();
    expect(signatureHeaders({})).toBeUndefined();
  });

  it('decrypts AEAD_AES_256_GCM resources with the APIv3 key, and refuses anything altered', () => {
    const key = '0123456789abcdef0123456789abcdef';
    const plain = JSON.stringify({ out_trade_no: 'PP1', trade_state: 'SUCCESS', amount: { total: 9900 } });
    const r = encryptResource(plain, key);
    expect(r).toMatchObject({
      algorithm: 'AEAD_AES_256_GCM',
      associated_data: 'transaction',
      original_type: 'transaction',
    });
    expect(r.nonce).toHaveLength(12);
    expect(decryptResource(r, key)).toBe(plain);
    expect(decryptResource(r, 'fedcba9876543210fedcba9876543210')).toBeUndefined();
    expect(decryptResource({ ...r, associated_data: 'other' }, key)).toBeUndefined();
    expect(decryptResource({ ...r, nonce: 'AAAAAAAAAAAA' }, key)).toBeUndefined();
    const bytes = Buffer.from(r.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(decryptResource({ ...r, ciphertext: bytes.toString('base64') }, key)).toBeUndefined();
    expect(decryptResource({ ...r, algorithm: 'AES' }, key)).toBeUndefined();
    expect(decryptResource(r, 'short')).toBeUndefined();
  });

  it('maps trade states onto attempt states', () => {
    expect(
      ['SUCCESS', 'NOTPAY', 'USERPAYING', 'ACCEPT', 'CLOSED', 'REVOKED', 'PAYERROR', 'REFUND'].map(
        wechatState,
      ),
    ).toEqual(['SUCCESS', 'PENDING', 'PENDING', 'PENDING', 'CLOSED', 'CLOSED', 'FAILED', 'REFUNDED']);
  });
});

describe('keys from configuration', () => {
  it('reads PEM, bare base64 PKCS#8 / PKCS#1 private keys and SPKI public keys', () => {
    const pem = app.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const pkcs8 = app.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const pkcs1 = app.privateKey.export({ format: 'der', type: 'pkcs1' }).toString('base64');
    const spki = app.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const sig = rsa2Sign('x', app.privateKey);
    for (const v of [pem, pkcs8, pkcs1]) {
      const k = loadPrivateKey(v, 'K');
      expect(rsa2Sign('x', k)).toBe(sig);
    }
    expect(sha256RsaVerify('x', sig, loadPublicKey(spki, 'P'))).toBe(true);
    expect(
      sha256RsaVerify(
        'x',
        sig,
        loadPublicKey(app.publicKey.export({ format: 'pem', type: 'spki' }).toString(), 'P'),
      ),
    ).toBe(true);
    expect(() => loadPrivateKey('not a key', 'ALIPAY_PRIVATE_KEY')).toThrow(/ALIPAY_PRIVATE_KEY/);
    expect(() => loadPublicKey('bm90IGEga2V5', 'ALIPAY_PUBLIC_KEY')).toThrow(/ALIPAY_PUBLIC_KEY/);
    expect(createPrivateKey(pem).asymmetricKeyType).toBe('rsa');
  });
});

describe('amounts and channel times', () => {
  it('compares yuan in integer fen', () => {
    expect(toFen(19.99)).toBe(1999);
    expect(toFen('99.00')).toBe(9900);
    expect(toFen('0.1')).toBe(10);
    expect(toFen('1e3')).toBeNaN();
    expect(toFen('')).toBeNaN();
    expect(fenToYuan(1999)).toBe(19.99);
    expect(fenToYuanString(9900)).toBe('99.00');
    expect(fenToYuanString(1)).toBe('0.01');
  });

  it('speaks China time to the channels whatever the server zone', () => {
    const d = new Date('2026-11-22T02:45:00Z');
    expect(chinaDateTime(d)).toBe('2026-11-22 10:45:00');
    expect(rfc3339China(d)).toBe('2026-11-22T10:45:00+08:00');
    expect(parseChinaDateTime('2026-11-22 10:45:00')!.toISOString()).toBe('2026-11-22T02:45:00.000Z');
    expect(parseChinaDateTime('22/11/2026')).toBeUndefined();
    expect(new Date(rfc3339China(d)).getTime()).toBe(d.getTime());
  });
});

describe('price lists', () => {
  const list = DEFAULT_PRICE_LISTS[1]!;

  it('prices packages by name and refuses a stale amount', () => {
    expect(quote(list, 1, { productName: '算力包 5000', quantity: 2, amountFen: 89800 })).toEqual({
      productName: '算力包 5000',
      quantity: 2,
      unitPriceFen: 44900,
      totalFen: 89800,
      powerAmount: 10000,
      memberDays: 0,
    });
    expect(() => quote(list, 1, { productName: '算力包 5000', quantity: 1, amountFen: 100 })).toThrow(
      BizError,
    );
  });

  it('prices an open top-up at the rate, within bounds, one unit', () => {
    expect(quote(list, 1, { productName: 'anything', quantity: 1, amountFen: 1999 })).toMatchObject({
      productName: '算力充值',
      totalFen: 1999,
      powerAmount: 199,
    });
    expect(
      quote(DEFAULT_PRICE_LISTS[2]!, 2, { productName: 'x', quantity: 1, amountFen: 3000 }),
    ).toMatchObject({ memberDays: 30, powerAmount: 0 });
    expect(() => quote(list, 1, { productName: 'x', quantity: 1, amountFen: 50 })).toThrow(/充值金额须在/);
    expect(() => quote(list, 1, { productName: 'x', quantity: 1, amountFen: 5_000_001 })).toThrow(
      /充值金额须在/,
    );
    expect(() => quote(list, 1, { productName: 'x', quantity: 3, amountFen: 3000 })).toThrow(/数量/);
    expect(() => quote({ packages: [] }, 1, { productName: 'x', quantity: 1, amountFen: 3000 })).toThrow(
      /商品不存在/,
    );
  });

  it('reads parameter values strictly', () => {
    expect(parsePriceList('{"packages":[{"name":"A","price":1,"value":2}]}')).toEqual({
      open: undefined,
      packages: [{ name: 'A', price: 1, value: 2 }],
    });
    for (const bad of [
      'not json',
      'null',
      '{"packages":[{"name":"","price":1,"value":2}]}',
      '{"packages":[{"name":"A","price":-1,"value":2}]}',
      '{"packages":[{"name":"A","price":0,"value":2}]}',
      '{"open":{"name":"A","min":10,"max":1,"rate":1}}',
    ]) {
      expect(parsePriceList(bad), bad).toBeUndefined();
    }
  });
});
