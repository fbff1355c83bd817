/**
 * Seed data of a fresh database (docs/platform-contract.md §5, §6 and §3.10).
 * Fixed ids (upstream style) for the rows that docs and tests refer to.
 */

export const ADMIN_TENANT = '000000';
export const DEMO_TENANT = '100001';

export const SEED_IDS = {
  tenantAdmin: 1123598821738675201n,
  tenantDemo: 1123598821738675202n,
  clientSaber: 1123598811738675201n,
  clientSword: 1123598811738675202n,
  deptAdmin: 1123598813738675201n,
  deptDemo: 1123598813738675301n,
  roleAdministrator: 1123598816738675201n,
  roleUser: 1123598816738675202n,
  roleDemoAdmin: 1123598816738675301n,
  userAdmin: 1123598821738675201n,
  userDemoAdmin: 1123598821738675301n,
  postCeo: 1123598817738675201n,
  menuSystem: 1123598815738675280n,
  menuParam: 1123598815738675290n,
} as const;

export interface SeedTenant {
  id: bigint;
  tenantId: string;
  tenantName: string;
  linkman: string;
  contactNumber: string;
}

export const tenants: SeedTenant[] = [
  {
    id: SEED_IDS.tenantAdmin,
    tenantId: ADMIN_TENANT,
    tenantName: '管理组',
    linkman: 'admin',
    contactNumber: '666666',
  },
  {
    id: SEED_IDS.tenantDemo,
    tenantId: DEMO_TENANT,
    tenantName: '演示租户',
    linkman: 'admin',
    contactNumber: '888888',
  },
];

export interface SeedMenu {
  id: bigint;
  parentId: bigint;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: 1 | 2;
  action: number;
}

export const menus: SeedMenu[] = [
  {
    id: SEED_IDS.menuSystem,
    parentId: 0n,
    code: 'system',
    name: '系统管理',
    alias: 'menu',
    path: '/system',
    source: 'settings',
    sort: 98,
    category: 1,
    action: 0,
  },
  {
    id: SEED_IDS.menuParam,
    parentId: SEED_IDS.menuSystem,
    code: 'param',
    name: '参数管理',
    alias: 'menu',
    path: '/system/param',
    source: 'sliders-horizontal',
    sort: 7,
    category: 1,
    action: 0,
  },
  // buttons of the parameter page: action 1 toolbar, 2 row, 3 both (dict button_func)
  {
    id: 1123598815738675291n,
    parentId: SEED_IDS.menuParam,
    code: 'param_add',
    name: '新增',
    alias: 'add',
    path: '/system/param/add',
    source: 'plus',
    sort: 1,
    category: 2,
    action: 1,
  },
  {
    id: 1123598815738675292n,
    parentId: SEED_IDS.menuParam,
    code: 'param_edit',
    name: '修改',
    alias: 'edit',
    path: '/system/param/edit',
    source: 'pencil',
    sort: 2,
    category: 2,
    action: 2,
  },
  {
    id: 1123598815738675293n,
    parentId: SEED_IDS.menuParam,
    code: 'param_delete',
    name: '删除',
    alias: 'delete',
    path: '/api/smart-system/param/remove',
    source: 'trash-2',
    sort: 3,
    category: 2,
    action: 3,
  },
  {
    id: 1123598815738675294n,
    parentId: SEED_IDS.menuParam,
    code: 'param_view',
    name: '查看',
    alias: 'view',
    path: '/system/param/view',
    source: 'eye',
    sort: 4,
    category: 2,
    action: 2,
  },
];

export interface SeedDict {
  code: string;
  name: string;
  remark?: string;
  items: [key: string, label: string, remark?: string][];
}

/**
 * System dictionaries. The five the console preloads after login (judge, xhs_action, introduction_keywords,
 * judging_data, multiple_condition) are fork-specific: no public source lists their items, so the items below
 * are a proposal derived from the automation domain (xhs browse/comment tasks filter notes and bloggers by
 * numeric data, keywords in the profile introduction, and combine conditions with all/any).
 */
export const dicts: SeedDict[] = [
  {
    code: 'yes_no',
    name: '是否',
    items: [
      ['1', '否'],
      ['2', '是'],
    ],
  },
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    items: [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  },
  {
    code: 'button_func',
    name: '按钮功能',
    items: [
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  },
  {
    code: 'user_type',
    name: '用户平台',
    items: [
      ['1', 'WEB'],
      ['2', 'APP'],
      ['3', 'OTHER'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  },
  {
    code: 'judge',
    name: '判断',
    remark: '通用是/否判断（键为数字）',
    items: [
      ['0', '否'],
      ['1', '是'],
    ],
  },
  {
    code: 'xhs_action',
    name: '小红书动作',
    remark: '小红书任务对笔记执行的动作',
    items: [
      ['1', '浏览'],
      ['2', '点赞'],
      ['3', '收藏'],
      ['4', '评论'],
      ['5', '关注'],
      ['6', '分享'],
    ],
  },
  {
    code: 'introduction_keywords',
    name: '简介关键词',
    remark: '博主简介中出现时命中判断的关键词',
    items: [
      ['1', '合作'],
      ['2', '商务'],
      ['3', '探店'],
      ['4', '好物分享'],
      ['5', '微信'],
      ['6', 'vx'],
    ],
  },
  {
    code: 'judging_data',
    name: '判断数据',
    remark: '筛选笔记/博主时比较的数据项',
    items: [
      ['1', '点赞数'],
      ['2', '收藏数'],
      ['3', '评论数'],
      ['4', '分享数'],
      ['5', '粉丝数'],
      ['6', '发布时间'],
    ],
  },
  {
    code: 'multiple_condition',
    name: '多条件关系',
    remark: '多个判断条件的组合方式',
    items: [
      ['1', '满足全部条件'],
      ['2', '满足任一条件'],
    ],
  },
];

export const params: { paramName: string; paramKey: string; paramValue: string }[] = [
  { paramName: '是否开启注册功能', paramKey: 'account.registerUser', paramValue: 'true' },
  { paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '123456' },
  { paramName: '账号错误锁定次数', paramKey: 'account.failCount', paramValue: '5' },
  { paramName: '租户默认管理密码', paramKey: 'tenant.default.password', paramValue: 'admin' },
  { paramName: '租户默认账号额度', paramKey: 'tenant.default.accountNumber', paramValue: '100' },
  {
    paramName: '租户默认菜单集合',
    paramKey: 'tenant.default.menuCode',
    paramValue: 'desk,flow,work,monitor,resource,role,user,dept,post,dictbiz,topmenu',
  },
];

/* ------------------------------------------------- seed step "system-modules" (upgrades existing folders) */

/** System dictionaries added by the system-modules step (docs/platform-contract.md §5); fixed ids, never reused. */
export const dictsV2: (SeedDict & { id: bigint })[] = [
  {
    id: 1123598814738676001n,
    code: 'notice',
    name: '通知类型',
    items: [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
    ],
  },
  {
    id: 1123598814738676101n,
    code: 'flow',
    name: '流程类型',
    items: [
      ['1', '请假流程', 'leave'],
      ['2', '报销流程', 'expense'],
    ],
  },
  {
    id: 1123598814738676201n,
    code: 'data_scope_type',
    name: '数据权限',
    items: [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  },
  {
    id: 1123598814738676301n,
    code: 'api_scope_type',
    name: '接口权限',
    items: [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  },
  {
    id: 1123598814738676401n,
    code: 'scope_category',
    name: '权限类型',
    items: [
      ['1', '数据权限'],
      ['2', '接口权限'],
    ],
  },
  {
    id: 1123598814738676501n,
    code: 'oss',
    name: '对象存储',
    items: [
      ['1', 'minio'],
      ['2', '七牛云'],
      ['3', '阿里云'],
      ['4', '腾讯云'],
    ],
  },
  {
    id: 1123598814738676601n,
    code: 'sms',
    name: '短信服务',
    items: [
      ['1', '云片'],
      ['2', '七牛云'],
      ['3', '阿里云'],
      ['4', '腾讯云'],
    ],
  },
  {
    id: 1123598814738676701n,
    code: 'post_category',
    name: '岗位类型',
    items: [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  },
  {
    id: 1123598814738676801n,
    code: 'region',
    name: '行政区划',
    items: [
      ['0', '国家'],
      ['1', '省份/直辖市'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  },
];

/** Posts of tenant 000000 (docs/platform-contract.md §6): ids 1123598817738675201 (ceo) … 208 (staff). */
export const posts: { postCode: string; postName: string; category: number }[] = [
  { postCode: 'ceo', postName: '首席执行官', category: 1 },
  { postCode: 'coo', postName: '首席运营官', category: 1 },
  { postCode: 'cfo', postName: '首席财务官', category: 1 },
  { postCode: 'cto', postName: '首席技术官', category: 1 },
  { postCode: 'cio', postName: '首席信息官', category: 1 },
  { postCode: 'pm', postName: '技术经理', category: 2 },
  { postCode: 'hrm', postName: '人力经理', category: 2 },
  { postCode: 'staff', postName: '人员', category: 3 },
];

/** Children of 刀锋科技 (docs/platform-contract.md §6). */
export const childDepts = [
  { id: 1123598813738675202n, deptName: '常州刀锋', fullName: '常州刀锋科技有限公司', sort: 1 },
  { id: 1123598813738675203n, deptName: '苏州刀锋', fullName: '苏州刀锋科技有限公司', sort: 2 },
];

/** Business dictionaries per tenant: header and items, fixed ids. */
export const dictBizSeed: { tenantId: string; baseId: bigint }[] = [
  { tenantId: ADMIN_TENANT, baseId: 1123598818738675201n },
  { tenantId: DEMO_TENANT, baseId: 1123598818738675301n },
];
export const dictBizItems: SeedDict = {
  code: 'customer_level',
  name: '客户等级',
  items: [
    ['1', '普通客户'],
    ['2', '重要客户'],
    ['3', 'VIP客户'],
  ],
};

/** Provincial-level divisions (docs/spec.md §9: 33 names; the 31 of the mainland plus Hong Kong and Macao). */
export const provinces: [code: string, name: string][] = [
  ['11', '北京市'],
  ['12', '天津市'],
  ['13', '河北省'],
  ['14', '山西省'],
  ['15', '内蒙古自治区'],
  ['21', '辽宁省'],
  ['22', '吉林省'],
  ['23', '黑龙江省'],
  ['31', '上海市'],
  ['32', '江苏省'],
  ['33', '浙江省'],
  ['34', '安徽省'],
  ['35', '福建省'],
  ['36', '江西省'],
  ['37', '山东省'],
  ['41', '河南省'],
  ['42', '湖北省'],
  ['43', '湖南省'],
  ['44', '广东省'],
  ['45', '广西壮族自治区'],
  ['46', '海南省'],
  ['50', '重庆市'],
  ['51', '四川省'],
  ['52', '贵州省'],
  ['53', '云南省'],
  ['54', '西藏自治区'],
  ['61', '陕西省'],
  ['62', '甘肃省'],
  ['63', '青海省'],
  ['64', '宁夏回族自治区'],
  ['65', '新疆维吾尔自治区'],
  ['81', '香港特别行政区'],
  ['82', '澳门特别行政区'],
];

/** A few cities and districts so the lazy tree has depth: [code, parentCode, name]. */
export const cities: [code: string, parent: string, name: string][] = [
  ['1101', '11', '北京城区'],
  ['110101', '1101', '东城区'],
  ['110102', '1101', '西城区'],
  ['3201', '32', '南京市'],
  ['3204', '32', '常州市'],
  ['3205', '32', '苏州市'],
  ['320402', '3204', '天宁区'],
  ['320404', '3204', '钟楼区'],
  ['4401', '44', '广州市'],
  ['4403', '44', '深圳市'],
  ['3301', '33', '杭州市'],
];

/* ------------------------------------------------- seed step "people" (upgrades existing folders) */

/**
 * Accounts of the operator and guest roles of tenant 000000 (seed-perm.ts), and a small organisation of tenant
 * 100001 beyond its admin: two departments, three posts, a staff role and two users. Passwords are the account
 * names (stored as the admin's: argon2id of the md5 hex).
 */
export const PEOPLE_IDS = {
  userOperator: 1123598821738675211n,
  userGuest: 1123598821738675212n,
  deptDemoSales: 1123598813738675302n,
  deptDemoService: 1123598813738675303n,
  postDemoCeo: 1123598817738675301n,
  postDemoManager: 1123598817738675302n,
  postDemoStaff: 1123598817738675303n,
  roleDemoUser: 1123598816738675302n,
  userDemoSales: 1123598821738675311n,
  userDemoSupport: 1123598821738675312n,
  packageDemo: 1123598822738675301n,
} as const;

/** 常州刀锋 and 苏州刀锋 (childDepts) and the post `staff` of tenant 000000. */
const DEPT_CHANGZHOU = 1123598813738675202n;
const DEPT_SUZHOU = 1123598813738675203n;
const POST_STAFF = SEED_IDS.postCeo + 7n;

export interface SeedPerson {
  id: bigint;
  tenantId: string;
  account: string;
  name: string;
  realName: string;
  email: string;
  phone: string;
  deptId: bigint;
  postId: bigint;
  /** the operator and guest roles are seed-perm.ts's (PERM_IDS), resolved by the step */
  role: 'operator' | 'guest' | 'demoUser';
}

export const demoDepts = [
  { id: PEOPLE_IDS.deptDemoSales, deptName: '销售部', fullName: '演示公司销售部', sort: 1 },
  { id: PEOPLE_IDS.deptDemoService, deptName: '客服部', fullName: '演示公司客服部', sort: 2 },
];

export const demoPosts = [
  { id: PEOPLE_IDS.postDemoCeo, postCode: 'ceo', postName: '总经理', category: 1 },
  { id: PEOPLE_IDS.postDemoManager, postCode: 'manager', postName: '部门经理', category: 2 },
  { id: PEOPLE_IDS.postDemoStaff, postCode: 'staff', postName: '员工', category: 3 },
];

export const people: SeedPerson[] = [
  {
    id: PEOPLE_IDS.userOperator,
    tenantId: ADMIN_TENANT,
    account: 'operator',
    name: '运维',
    realName: '运维人员',
    email: 'operator@smart.local',
    phone: '13888888801',
    deptId: DEPT_CHANGZHOU,
    postId: POST_STAFF,
    role: 'operator',
  },
  {
    id: PEOPLE_IDS.userGuest,
    tenantId: ADMIN_TENANT,
    account: 'guest',
    name: '访客',
    realName: '访客',
    email: 'guest@smart.local',
    phone: '13888888802',
    deptId: DEPT_SUZHOU,
    postId: POST_STAFF,
    role: 'guest',
  },
  {
    id: PEOPLE_IDS.userDemoSales,
    tenantId: DEMO_TENANT,
    account: 'sales',
    name: '销售',
    realName: '销售经理',
    email: 'sales@demo.local',
    phone: '13999999901',
    deptId: PEOPLE_IDS.deptDemoSales,
    postId: PEOPLE_IDS.postDemoManager,
    role: 'demoUser',
  },
  {
    id: PEOPLE_IDS.userDemoSupport,
    tenantId: DEMO_TENANT,
    account: 'support',
    name: '客服',
    realName: '客服专员',
    email: 'support@demo.local',
    phone: '13999999902',
    deptId: PEOPLE_IDS.deptDemoService,
    postId: PEOPLE_IDS.postDemoStaff,
    role: 'demoUser',
  },
];

/**
 * The menus of tenant 100001's package: these pages and groups with everything below them, plus their ancestors.
 * Upstream's default menus of a new tenant (`tenant.default.menuCode`), the parameters, the RPA pages and the
 * tenant's orders; the platform's own administration (tenants, packages, clients, the menu tree, system
 * dictionaries, scope rules, regions, developer tools) stays with tenant 000000. A package is kept short: the
 * contract caps its id list at 3000 characters.
 */
export const DEMO_PACKAGE_CODES = [
  'desk',
  'work',
  'monitor',
  'resource',
  'rpa',
  'user',
  'dept',
  'post',
  'dictbiz',
  'topmenu',
  'param',
  'role',
  // a tenant sells power to its own customers: its orders and their ledger (not the platform's AI settings)
  'order',
  'balance_log',
];
