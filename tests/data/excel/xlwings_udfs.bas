Function TB(code, cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB = XLPy.CallUDF("xltb.excel.udfs", "TB", Array(code, cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB = XLPy.CallUDF("xltb.excel.udfs", "TB", Array(code, cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB = Err.Description
End Function

Function TB_AOB(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_AOB = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_AOB = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_AOB = Err.Description
End Function

Function TB_AOB_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_AOB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_AOB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_AOB_C1 = Err.Description
End Function

Function TB_AOB_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_AOB_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_AOB_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_AOB_C2 = Err.Description
End Function

Function TB_AOB_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_AOB_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_AOB_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_AOB_M1 = Err.Description
End Function

Function TB_AOB_M2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_AOB_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB_M2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_AOB_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_AOB_M2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_AOB_M2 = Err.Description
End Function

Function TB_APPO(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APPO = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APPO = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APPO = Err.Description
End Function

Function TB_APPO_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APPO_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APPO_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APPO_C1 = Err.Description
End Function

Function TB_APPO_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APPO_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APPO_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APPO_C2 = Err.Description
End Function

Function TB_APPO_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APPO_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APPO_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APPO_M1 = Err.Description
End Function

Function TB_APPO_M2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APPO_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO_M2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APPO_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_APPO_M2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APPO_M2 = Err.Description
End Function

Function TB_APRO(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APRO = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APRO = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APRO = Err.Description
End Function

Function TB_APRO_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APRO_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APRO_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APRO_C1 = Err.Description
End Function

Function TB_APRO_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APRO_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APRO_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APRO_C2 = Err.Description
End Function

Function TB_APRO_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APRO_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APRO_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APRO_M1 = Err.Description
End Function

Function TB_APRO_M2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_APRO_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO_M2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_APRO_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_APRO_M2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_APRO_M2 = Err.Description
End Function

Function TB_ARO(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_ARO = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_ARO = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_ARO = Err.Description
End Function

Function TB_ARO_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_ARO_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_ARO_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_ARO_C1 = Err.Description
End Function

Function TB_ARO_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_ARO_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_ARO_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_ARO_C2 = Err.Description
End Function

Function TB_ARO_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_ARO_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_ARO_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_ARO_M1 = Err.Description
End Function

Function TB_ARO_M2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_ARO_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO_M2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_ARO_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_ARO_M2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_ARO_M2 = Err.Description
End Function

Function TB_BBE(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BBE = XLPy.CallUDF("xltb.excel.udfs", "TB_BBE", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BBE = XLPy.CallUDF("xltb.excel.udfs", "TB_BBE", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BBE = Err.Description
End Function

Function TB_BC(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BC = XLPy.CallUDF("xltb.excel.udfs", "TB_BC", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BC = XLPy.CallUDF("xltb.excel.udfs", "TB_BC", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BC = Err.Description
End Function

Function TB_BH(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH = XLPy.CallUDF("xltb.excel.udfs", "TB_BH", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH = XLPy.CallUDF("xltb.excel.udfs", "TB_BH", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH = Err.Description
End Function

Function TB_BH_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_C1 = Err.Description
End Function

Function TB_BH_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_C2 = Err.Description
End Function

Function TB_BH_GP(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_GP = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_GP", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_GP = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_GP", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_GP = Err.Description
End Function

Function TB_BH_GP_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_GP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_GP_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_GP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_GP_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_GP_C1 = Err.Description
End Function

Function TB_BH_GP_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_GP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_GP_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_GP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_GP_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_GP_C2 = Err.Description
End Function

Function TB_BH_GP_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_GP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_GP_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_GP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_GP_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_GP_M1 = Err.Description
End Function

Function TB_BH_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_M1 = Err.Description
End Function

Function TB_BH_M2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_M2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_M2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_M2 = Err.Description
End Function

Function TB_BH_MP(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_MP = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_MP", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_MP = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_MP", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_MP = Err.Description
End Function

Function TB_BH_MP_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_MP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_MP_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_MP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_MP_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_MP_C1 = Err.Description
End Function

Function TB_BH_MP_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_MP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_MP_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_MP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_MP_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_MP_C2 = Err.Description
End Function

Function TB_BH_MP_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BH_MP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_MP_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BH_MP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_BH_MP_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BH_MP_M1 = Err.Description
End Function

Function TB_BPG(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BPG = XLPy.CallUDF("xltb.excel.udfs", "TB_BPG", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BPG = XLPy.CallUDF("xltb.excel.udfs", "TB_BPG", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BPG = Err.Description
End Function

Function TB_BWG(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_BWG = XLPy.CallUDF("xltb.excel.udfs", "TB_BWG", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_BWG = XLPy.CallUDF("xltb.excel.udfs", "TB_BWG", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_BWG = Err.Description
End Function

Function TB_CHECK(cell, published, code, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_CHECK = XLPy.CallUDF("xltb.excel.udfs", "TB_CHECK", Array(cell, published, code, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_CHECK = XLPy.CallUDF("xltb.excel.udfs", "TB_CHECK", Array(cell, published, code, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_CHECK = Err.Description
End Function

Function TB_DE(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_DE = XLPy.CallUDF("xltb.excel.udfs", "TB_DE", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_DE = XLPy.CallUDF("xltb.excel.udfs", "TB_DE", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_DE = Err.Description
End Function

Function TB_EDE(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EDE = XLPy.CallUDF("xltb.excel.udfs", "TB_EDE", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EDE = XLPy.CallUDF("xltb.excel.udfs", "TB_EDE", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EDE = Err.Description
End Function

Function TB_EDEB(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EDEB = XLPy.CallUDF("xltb.excel.udfs", "TB_EDEB", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EDEB = XLPy.CallUDF("xltb.excel.udfs", "TB_EDEB", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EDEB = Err.Description
End Function

Function TB_EDEBB(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EDEBB = XLPy.CallUDF("xltb.excel.udfs", "TB_EDEBB", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EDEBB = XLPy.CallUDF("xltb.excel.udfs", "TB_EDEBB", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EDEBB = Err.Description
End Function

Function TB_EDEBT(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EDEBT = XLPy.CallUDF("xltb.excel.udfs", "TB_EDEBT", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EDEBT = XLPy.CallUDF("xltb.excel.udfs", "TB_EDEBT", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EDEBT = Err.Description
End Function

Function TB_EDET(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EDET = XLPy.CallUDF("xltb.excel.udfs", "TB_EDET", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EDET = XLPy.CallUDF("xltb.excel.udfs", "TB_EDET", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EDET = Err.Description
End Function

Function TB_EGGSB(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EGGSB = XLPy.CallUDF("xltb.excel.udfs", "TB_EGGSB", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EGGSB = XLPy.CallUDF("xltb.excel.udfs", "TB_EGGSB", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EGGSB = Err.Description
End Function

Function TB_EGGSB_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EGGSB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_EGGSB_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EGGSB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_EGGSB_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EGGSB_C1 = Err.Description
End Function

Function TB_EGMSB(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EGMSB = XLPy.CallUDF("xltb.excel.udfs", "TB_EGMSB", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EGMSB = XLPy.CallUDF("xltb.excel.udfs", "TB_EGMSB", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EGMSB = Err.Description
End Function

Function TB_EGMSB_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EGMSB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_EGMSB_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EGMSB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_EGMSB_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EGMSB_C1 = Err.Description
End Function

Function TB_EMGSB(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EMGSB = XLPy.CallUDF("xltb.excel.udfs", "TB_EMGSB", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EMGSB = XLPy.CallUDF("xltb.excel.udfs", "TB_EMGSB", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EMGSB = Err.Description
End Function

Function TB_EMGSB_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EMGSB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_EMGSB_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EMGSB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_EMGSB_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EMGSB_C1 = Err.Description
End Function

Function TB_EMMSB(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EMMSB = XLPy.CallUDF("xltb.excel.udfs", "TB_EMMSB", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EMMSB = XLPy.CallUDF("xltb.excel.udfs", "TB_EMMSB", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EMMSB = Err.Description
End Function

Function TB_EMMSB_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EMMSB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_EMMSB_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EMMSB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_EMMSB_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EMMSB_C1 = Err.Description
End Function

Function TB_EXPLAIN(cell, code, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_EXPLAIN = XLPy.CallUDF("xltb.excel.udfs", "TB_EXPLAIN", Array(cell, code, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_EXPLAIN = XLPy.CallUDF("xltb.excel.udfs", "TB_EXPLAIN", Array(cell, code, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_EXPLAIN = Err.Description
End Function

Function TB_FB(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB = XLPy.CallUDF("xltb.excel.udfs", "TB_FB", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB = XLPy.CallUDF("xltb.excel.udfs", "TB_FB", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB = Err.Description
End Function

Function TB_FB_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_C1 = Err.Description
End Function

Function TB_FB_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_C2 = Err.Description
End Function

Function TB_FB_GP(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_GP = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_GP", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_GP = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_GP", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_GP = Err.Description
End Function

Function TB_FB_GP_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_GP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_GP_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_GP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_GP_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_GP_C1 = Err.Description
End Function

Function TB_FB_GP_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_GP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_GP_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_GP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_GP_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_GP_C2 = Err.Description
End Function

Function TB_FB_GP_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_GP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_GP_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_GP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_GP_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_GP_M1 = Err.Description
End Function

Function TB_FB_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_M1 = Err.Description
End Function

Function TB_FB_M2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_M2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_M2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_M2 = Err.Description
End Function

Function TB_FB_MP(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_MP = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_MP", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_MP = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_MP", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_MP = Err.Description
End Function

Function TB_FB_MP_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_MP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_MP_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_MP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_MP_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_MP_C1 = Err.Description
End Function

Function TB_FB_MP_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_MP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_MP_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_MP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_MP_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_MP_C2 = Err.Description
End Function

Function TB_FB_MP_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_FB_MP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_MP_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_FB_MP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_FB_MP_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_FB_MP_M1 = Err.Description
End Function

Function TB_GE(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_GE = XLPy.CallUDF("xltb.excel.udfs", "TB_GE", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_GE = XLPy.CallUDF("xltb.excel.udfs", "TB_GE", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_GE = Err.Description
End Function

Function TB_GPTS(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_GPTS = XLPy.CallUDF("xltb.excel.udfs", "TB_GPTS", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_GPTS = XLPy.CallUDF("xltb.excel.udfs", "TB_GPTS", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_GPTS = Err.Description
End Function

Function TB_KS(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_KS = XLPy.CallUDF("xltb.excel.udfs", "TB_KS", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_KS = XLPy.CallUDF("xltb.excel.udfs", "TB_KS", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_KS = Err.Description
End Function

Function TB_MPTS(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_MPTS = XLPy.CallUDF("xltb.excel.udfs", "TB_MPTS", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_MPTS = XLPy.CallUDF("xltb.excel.udfs", "TB_MPTS", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_MPTS = Err.Description
End Function

Function TB_MPVGP(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_MPVGP = XLPy.CallUDF("xltb.excel.udfs", "TB_MPVGP", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_MPVGP = XLPy.CallUDF("xltb.excel.udfs", "TB_MPVGP", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_MPVGP = Err.Description
End Function

Function TB_PS(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_PS = XLPy.CallUDF("xltb.excel.udfs", "TB_PS", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_PS = XLPy.CallUDF("xltb.excel.udfs", "TB_PS", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_PS = Err.Description
End Function

Function TB_PS_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_PS_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_PS_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_PS_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_PS_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_PS_C1 = Err.Description
End Function

Function TB_PS_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_PS_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_PS_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_PS_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_PS_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_PS_C2 = Err.Description
End Function

Function TB_PS_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_PS_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_PS_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_PS_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_PS_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_PS_M1 = Err.Description
End Function

Function TB_PS_M2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_PS_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_PS_M2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_PS_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_PS_M2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_PS_M2 = Err.Description
End Function

Function TB_PTP(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_PTP = XLPy.CallUDF("xltb.excel.udfs", "TB_PTP", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_PTP = XLPy.CallUDF("xltb.excel.udfs", "TB_PTP", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_PTP = Err.Description
End Function

Function TB_PTS(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_PTS = XLPy.CallUDF("xltb.excel.udfs", "TB_PTS", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_PTS = XLPy.CallUDF("xltb.excel.udfs", "TB_PTS", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_PTS = Err.Description
End Function

Function TB_RANK(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_RANK = XLPy.CallUDF("xltb.excel.udfs", "TB_RANK", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_RANK = XLPy.CallUDF("xltb.excel.udfs", "TB_RANK", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_RANK = Err.Description
End Function

Function TB_REP(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_REP = XLPy.CallUDF("xltb.excel.udfs", "TB_REP", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_REP = XLPy.CallUDF("xltb.excel.udfs", "TB_REP", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_REP = Err.Description
End Function

Function TB_RTNG(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_RTNG = XLPy.CallUDF("xltb.excel.udfs", "TB_RTNG", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_RTNG = XLPy.CallUDF("xltb.excel.udfs", "TB_RTNG", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_RTNG = Err.Description
End Function

Function TB_RTNG_R(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_RTNG_R = XLPy.CallUDF("xltb.excel.udfs", "TB_RTNG_R", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_RTNG_R = XLPy.CallUDF("xltb.excel.udfs", "TB_RTNG_R", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_RTNG_R = Err.Description
End Function

Function TB_SB(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB = XLPy.CallUDF("xltb.excel.udfs", "TB_SB", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB = XLPy.CallUDF("xltb.excel.udfs", "TB_SB", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB = Err.Description
End Function

Function TB_SB_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_C1 = Err.Description
End Function

Function TB_SB_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_C2 = Err.Description
End Function

Function TB_SB_GP(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_GP = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_GP", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_GP = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_GP", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_GP = Err.Description
End Function

Function TB_SB_GP_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_GP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_GP_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_GP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_GP_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_GP_C1 = Err.Description
End Function

Function TB_SB_GP_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_GP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_GP_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_GP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_GP_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_GP_C2 = Err.Description
End Function

Function TB_SB_GP_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_GP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_GP_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_GP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_GP_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_GP_M1 = Err.Description
End Function

Function TB_SB_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_M1 = Err.Description
End Function

Function TB_SB_M2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_M2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_M2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_M2 = Err.Description
End Function

Function TB_SB_MP(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_MP = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_MP", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_MP = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_MP", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_MP = Err.Description
End Function

Function TB_SB_MP_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_MP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_MP_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_MP_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_MP_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_MP_C1 = Err.Description
End Function

Function TB_SB_MP_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_MP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_MP_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_MP_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_MP_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_MP_C2 = Err.Description
End Function

Function TB_SB_MP_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SB_MP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_MP_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SB_MP_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_SB_MP_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SB_MP_M1 = Err.Description
End Function

Function TB_SSSC(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_SSSC = XLPy.CallUDF("xltb.excel.udfs", "TB_SSSC", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_SSSC = XLPy.CallUDF("xltb.excel.udfs", "TB_SSSC", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_SSSC = Err.Description
End Function

Function TB_STANDINGS(Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_STANDINGS = XLPy.CallUDF("xltb.excel.udfs", "TB_STANDINGS", Array(crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_STANDINGS = XLPy.CallUDF("xltb.excel.udfs", "TB_STANDINGS", Array(crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_STANDINGS = Err.Description
End Function

Function TB_STD(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_STD = XLPy.CallUDF("xltb.excel.udfs", "TB_STD", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_STD = XLPy.CallUDF("xltb.excel.udfs", "TB_STD", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_STD = Err.Description
End Function

Function TB_TBR(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_TBR = XLPy.CallUDF("xltb.excel.udfs", "TB_TBR", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_TBR = XLPy.CallUDF("xltb.excel.udfs", "TB_TBR", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_TBR = Err.Description
End Function

Function TB_TPN(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_TPN = XLPy.CallUDF("xltb.excel.udfs", "TB_TPN", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_TPN = XLPy.CallUDF("xltb.excel.udfs", "TB_TPN", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_TPN = Err.Description
End Function

Function TB_TPN_R(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_TPN_R = XLPy.CallUDF("xltb.excel.udfs", "TB_TPN_R", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_TPN_R = XLPy.CallUDF("xltb.excel.udfs", "TB_TPN_R", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_TPN_R = Err.Description
End Function

Function TB_TPR(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_TPR = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_TPR = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_TPR = Err.Description
End Function

Function TB_TPR_C1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_TPR_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR_C1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_TPR_C1 = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR_C1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_TPR_C1 = Err.Description
End Function

Function TB_TPR_C2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_TPR_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR_C2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_TPR_C2 = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR_C2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_TPR_C2 = Err.Description
End Function

Function TB_TPR_M1(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_TPR_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR_M1", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_TPR_M1 = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR_M1", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_TPR_M1 = Err.Description
End Function

Function TB_TPR_M2(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_TPR_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR_M2", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_TPR_M2 = XLPy.CallUDF("xltb.excel.udfs", "TB_TPR_M2", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_TPR_M2 = Err.Description
End Function

Function TB_WIN(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_WIN = XLPy.CallUDF("xltb.excel.udfs", "TB_WIN", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_WIN = XLPy.CallUDF("xltb.excel.udfs", "TB_WIN", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_WIN = Err.Description
End Function

Function TB_WON(cell, Optional crosstable, Optional settings, Optional teams)
    Application.Volatile
    #If App = "Microsoft Excel" Then
        If TypeOf Application.Caller Is Range Then On Error GoTo failed
        TB_WON = XLPy.CallUDF("xltb.excel.udfs", "TB_WON", Array(cell, crosstable, settings, teams, Nothing), ThisWorkbook, Application.Caller)
        Exit Function
    #Else
        TB_WON = XLPy.CallUDF("xltb.excel.udfs", "TB_WON", Array(cell, crosstable, settings, teams, Nothing))
        Exit Function
    #End If
failed:
    TB_WON = Err.Description
End Function

