const zh = {
  dy: {
    enabled: '启用',
    disabled: '停用',
  },
};

export default zh;
export type DyCatalogue = typeof zh;
