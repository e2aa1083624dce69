/**
 * The most used passwords and password stems of public breach-frequency lists, lower case. A
 * password is refused when it is one of these, or is one of these dressed up (capitals, digits or
 * symbols before and after, common letter-for-digit swaps: "P@ssw0rd2024!" is "password"). Compact on
 * purpose: it ships with the sign-up form.
 */
// prettier-ignore
export const COMMON_PASSWORDS: readonly string[] = [
  '123456', '123456789', '12345678', '1234567890', '1234567', '12345', '1234', '111111', '000000',
  '123123', '654321', '666666', '696969', '777777', '7777777', '121212', '112233', '123321', '159753',
  '987654321', '11111111', '131313', '555555', '1q2w3e4r', '1qaz2wsx', 'qazwsx', 'qwerty', 'qwertyuiop',
  'qwertz', 'azerty', 'asdfgh', 'asdfghjkl', 'zxcvbn', 'zxcvbnm', 'qweasd', 'qweasdzxc', 'abc123',
  'abcdef', 'abcdefg', 'abcd', 'password', 'passwort', 'passw', 'pass', 'passwd', 'pwd', 'letmein',
  'welcome', 'admin', 'administrator', 'root', 'login', 'user', 'guest', 'test', 'tester', 'temp',
  'default', 'changeme', 'secret', 'iloveyou', 'love', 'lovely', 'loveme', 'princess', 'dragon', 'monkey',
  'master', 'shadow', 'sunshine', 'superman', 'batman', 'spiderman', 'starwars', 'pokemon', 'football',
  'baseball', 'basketball', 'soccer', 'hockey', 'golf', 'tennis', 'jordan', 'michael', 'jennifer',
  'jessica', 'ashley', 'amanda', 'nicole', 'michelle', 'daniel', 'andrew', 'joshua', 'matthew', 'robert',
  'thomas', 'charlie', 'george', 'william', 'anthony', 'justin', 'hunter', 'buster', 'tigger', 'ginger',
  'pepper', 'maggie', 'cookie', 'chocolate', 'cheese', 'banana', 'orange', 'apple', 'summer', 'winter',
  'spring', 'autumn', 'freedom', 'flower', 'hello', 'whatever', 'trustno', 'trustme', 'killer', 'ranger',
  'harley', 'mustang', 'ferrari', 'porsche', 'corvette', 'yankees', 'dallas', 'austin', 'chelsea',
  'arsenal', 'liverpool', 'barcelona', 'thunder', 'matrix', 'access', 'biteme', 'computer', 'internet',
  'google', 'facebook', 'linkedin', 'instagram', 'twitter', 'yahoo', 'hotmail', 'gmail', 'samsung',
  'iphone', 'android', 'windows', 'microsoft', 'solo', 'zaq', 'zaqxsw', 'qazxsw', 'qwer', 'asdf', 'zxcv',
  'aaaaaa', 'abcabc', 'pass1234', 'mypass', 'mypassword', 'newpass', 'nopass', 'blahblah', 'fuckyou',
  'asshole', 'sexy', 'angel', 'angels', 'baby', 'babygirl', 'family', 'friends', 'forever', 'lovers',
  'happy', 'smile', 'heaven', 'jesus', 'christ', 'blessed', 'god', 'hallo', 'bonjour', 'hola', 'ciao',
  'senha', 'contrasena', 'motdepasse', 'parola', 'wachtwoord', 'haslo', 'salasana', 'geheim', 'schatz',
  'bookstudio', 'book', 'books', 'reader', 'library', 'author', 'explorer', 'open', 'opensesame', 'sesame',
  'secure', 'security', 'private', 'gandalf', 'merlin', 'phoenix', 'silver', 'golden', 'diamond', 'tiger',
  'lion', 'eagle', 'falcon', 'wolf', 'bear', 'shark', 'dolphin', 'purple', 'yellow', 'red', 'blue',
  'green', 'black', 'white', 'rainbow', 'pussy', 'boomer', 'cowboy', 'hammer', 'snoopy', 'scooter',
  'booboo', 'blink', 'player', 'gamer', 'ninja', 'zombie', 'qwerty123', 'password123', 'iloveu',
  'welcome123', 'admin123', 'abc12345', 'test123', 'letmein123', 'aa123456', 'a1b2c3', 'a1b2c3d4',
  'p4ssw0rd', 'passw0rd', 'pa55word', 'pa55w0rd', 'p@ssword', 'p@ssw0rd',
];
