import { z } from "zod";

/**
 * The locale codes a Chatwoot help center offers: the codes of the dashboard's "add locale" list
 * (`app/javascript/shared/constants/locales.js`, CLDR identifiers with `_`: `en`, `pt_BR`,
 * `zh_Hant_TW`), in its current form and in the earlier one that listed more ISO 639-1 languages
 * (`ab`, `la`, `xh`, ...). The API does not check codes, but a code outside this list names no
 * language in the dashboard and in the help center's language switcher.
 */
const CURRENT = `
af af_NA af_ZA ak ak_GH sq sq_AL sq_XK sq_MK am am_ET
ar ar_DZ ar_BH ar_TD ar_KM ar_DJ ar_EG ar_ER ar_IQ ar_IL ar_JO ar_KW ar_LB ar_LY ar_MR ar_MA ar_OM ar_PS ar_QA
ar_SA ar_SO ar_SS ar_SD ar_SY ar_TN ar_AE ar_EH ar_YE
hy hy_AM as as_IN az az_AZ az_Cyrl_AZ az_Cyrl az_Latn_AZ az_Latn bm bm_Latn_ML bm_Latn eu eu_ES be be_BY
bn bn_BD bn_IN bs bs_BA bs_Cyrl_BA bs_Cyrl bs_Latn_BA bs_Latn br br_FR bg bg_BG my my_MM
ca ca_AD ca_FR ca_IT ca_ES
zh zh_CN zh_HK zh_MO zh_Hans_CN zh_Hans_HK zh_Hans_MO zh_Hans_SG zh_Hans zh_SG zh_TW zh_Hant_HK zh_Hant_MO
zh_Hant_TW zh_Hant
kw kw_GB hr hr_BA hr_HR cs cs_CZ da da_DK da_GL nl nl_AW nl_BE nl_BQ nl_CW nl_NL nl_SX nl_SR dz dz_BT
en en_AS en_AI en_AG en_AU en_BS en_BB en_BE en_BZ en_BM en_BW en_IO en_VG en_CM en_CA en_KY en_CX en_CC en_CK
en_DG en_DM en_ER en_FK en_FJ en_GM en_GH en_GI en_GD en_GU en_GG en_GY en_HK en_IN en_IE en_IM en_JM en_JE
en_KE en_KI en_LS en_LR en_MO en_MG en_MW en_MY en_MT en_MH en_MU en_FM en_MS en_NA en_NR en_NZ en_NG en_NU
en_NF en_MP en_PK en_PW en_PG en_PH en_PN en_PR en_RW en_WS en_SC en_SL en_SG en_SX en_SB en_ZA en_SS en_SH
en_KN en_LC en_VC en_SD en_SZ en_TZ en_TK en_TO en_TT en_TC en_TV en_UM en_VI en_UG en_GB en_US en_VU en_ZM
en_ZW
eo et et_EE ee ee_GH ee_TG fo fo_FO fi fi_FI
fr fr_DZ fr_BE fr_BJ fr_BF fr_BI fr_CM fr_CA fr_CF fr_TD fr_KM fr_CG fr_CD fr_CI fr_DJ fr_GQ fr_FR fr_GF fr_PF
fr_GA fr_GP fr_GN fr_HT fr_LU fr_MG fr_ML fr_MQ fr_MR fr_MU fr_YT fr_MC fr_MA fr_NC fr_NE fr_RE fr_RW fr_SN
fr_SC fr_BL fr_MF fr_PM fr_CH fr_SY fr_TG fr_TN fr_VU fr_WF
ff ff_CM ff_GN ff_MR ff_SN gl gl_ES lg lg_UG ka ka_GE de de_AT de_BE de_DE de_LI de_LU de_CH el el_CY el_GR
gu gu_IN ha ha_GH ha_Latn_GH ha_Latn_NE ha_Latn_NG ha_Latn ha_NE ha_NG he he_IL hi hi_IN hu hu_HU is is_IS
ig ig_NG id id_ID ga ga_IE it it_IT it_SM it_CH ja ja_JP kl kl_GL kn kn_IN ks ks_Arab_IN ks_Arab ks_IN
kk kk_Cyrl_KZ kk_Cyrl kk_KZ km km_KH ki ki_KE rw rw_RW ko ko_KP ko_KR ky ky_Cyrl_KG ky_Cyrl ky_KG lo lo_LA
lv lv_LV ln ln_AO ln_CF ln_CG ln_CD lt lt_LT lu lu_CD lb lb_LU mk mk_MK mg mg_MG
ms ms_BN ms_Latn_BN ms_Latn_MY ms_Latn_SG ms_Latn ms_MY ms_SG ml ml_IN mt mt_MT gv gv_IM mr mr_IN
mn mn_Cyrl_MN mn_Cyrl mn_MN ne ne_IN ne_NP nd nd_ZW se se_FI se_NO se_SE no no_NO nb nb_NO nb_SJ nn nn_NO
or or_IN om om_ET om_KE os os_GE os_RU ps ps_AF fa fa_AF fa_IR pl pl_PL
pt pt_AO pt_BR pt_CV pt_GW pt_MO pt_MZ pt_PT pt_ST pt_TL pa pa_Arab_PK pa_Arab pa_Guru_IN pa_Guru pa_IN pa_PK
qu qu_BO qu_EC qu_PE ro ro_MD ro_RO rm rm_CH rn rn_BI ru ru_BY ru_KZ ru_KG ru_MD ru_RU ru_UA sg sg_CF gd gd_GB
sr sr_BA sr_Cyrl_BA sr_Cyrl_XK sr_Cyrl_ME sr_Cyrl_RS sr_Cyrl sr_XK sr_Latn_BA sr_Latn_XK sr_Latn_ME sr_Latn_RS
sr_Latn sr_ME sr_RS sh sh_BA sn sn_ZW ii ii_CN si si_LK sk sk_SK sl sl_SI so so_DJ so_ET so_KE so_SO
es es_AR es_BO es_IC es_EA es_CL es_CO es_CR es_CU es_DO es_EC es_SV es_GQ es_GT es_HN es_MX es_NI es_PA es_PY
es_PE es_PH es_PR es_ES es_US es_UY es_VE
sw sw_KE sw_TZ sw_UG sv sv_AX sv_FI sv_SE tl tl_PH ta ta_IN ta_MY ta_SG ta_LK te te_IN th th_TH bo bo_CN bo_IN
ti ti_ER ti_ET to to_TO tr tr_CY tr_TR uk uk_UA ur ur_IN ur_PK ug ug_Arab_CN ug_Arab ug_CN
uz uz_AF uz_Arab_AF uz_Arab uz_Cyrl_UZ uz_Cyrl uz_Latn_UZ uz_Latn uz_UZ vi vi_VN cy cy_GB fy fy_NL yi
yo yo_BJ yo_NG zu zu_ZA`;

/** Languages only the earlier list offered. */
const EARLIER = "ab aa an av ae ay ba bh bi ch ce cv co cr dv fj gn ht hz ho ia ie ik io iu jv kr kv kg ku kj la mi mh na nv ng nr oc oj pi sa sc sd sm st su ss tg tk tn ts tt tw ty ve vo wa wo xh za";

/** Every locale code a help center may list. */
export const HELP_CENTER_LOCALES: ReadonlySet<string> = new Set(`${CURRENT} ${EARLIER}`.split(/\s+/).filter(Boolean));

/** `en`, `pt_BR`, `zh_TW`: a code of the language list Chatwoot's help center offers. */
export const localeCode = z.string().superRefine((v, ctx) => {
  const problem = unknownLocale(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/**
 * Why `code` is not a help-center locale, or `undefined` when it is. A code written another way
 * (`zh-CN`, `pt_br`) is pointed to its listed spelling.
 */
export function unknownLocale(code: string): string | undefined {
  if (HELP_CENTER_LOCALES.has(code)) return undefined;
  const folded = code.trim().replace(/-/g, "_").toLowerCase();
  const listed = [...HELP_CENTER_LOCALES].find((c) => c.toLowerCase() === folded);
  const hint = listed ? `; did you mean "${listed}"?` : " such as en, de, pt_BR or zh_TW";
  return `"${code}" is not a locale Chatwoot's help center offers: use a code of its language list${hint}`;
}
