import CSDL2
