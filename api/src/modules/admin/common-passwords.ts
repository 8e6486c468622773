// The most common passwords of 6+ characters from public breach-frequency lists; refused for every new password.
export const COMMON_PASSWORDS = new Set(
  `123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman
1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster
soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars
klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass
maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley nicole chelsea biteme matthew
access yankees 987654321 dallas austin thunder taylor matrix mobilemail mom monitor monitoring montana moon
moscow passw0rd password1 password12 password123 admin123 admin1 administrator welcome welcome1 qwerty123
qwerty1 1q2w3e4r 1q2w3e 123abc abcdef abcd1234 iloveyou1 princess1 sunshine1 football1 baseball1 master1
letmein1 shadow1 superman1 computer1 secret secret1 changeme changeme1 default root123 test123 test1234
testtest guest123 qwe123 asd123 zaq12wsx 1qazxsw2 q1w2e3r4 q1w2e3r4t5 asdfghjkl 123654 147258369 147258
159357 789456 456789 987654 102030 1234qwer 12qwaszx 123456a 123456q a123456 aa123456 abc12345 admin@123
p@ssw0rd p@ssword pa55word passport whatever trustme flower hello123 hellohello loveme lovely 88888888
99999999 12341234 11223344 samsung internet google blink182 charlie1 liverpool arsenal chelsea1 container
containerhome texas123 sanantonio`
    .split(/\s+/)
    .filter((p) => p.length > 0),
);

/**
 * Common, or a common word padded to length: "password1234!", "Qwerty123456", "containerhome2024" are
 * refused now that new passwords need 12 characters (a bare list entry is rarely that long).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password) || /^(?:0?1234567890?|9876543210?)$/.test(password)) {
    return true;
  }
  if (/^\d+$/.test(password)) return true;
  const stem = lower.replace(/[\d\W_]+$/, "").replace(/^[\d\W_]+/, "");
  if (stem.length === 0 || COMMON_PASSWORDS.has(stem)) return true;
  // the same word twice ("passwordpassword") or one short chunk repeated ("abcabcabcabc")
  return /^(.{1,6})\1+$/.test(stem) || /^(.+)\1$/.test(stem);
}
